import { SERVICE_ACCESS, servicePermissions, type NatsPermissions, type ServiceAccess } from './access';
import { EVENTS, STREAMS } from './catalog';
import { streamSubjects } from './messaging';

/**
 * What a release asked of NATS, recorded when it was cut: each stream's subjects and each
 * service's permissions. The next release must still grant them, so a service can run one
 * release behind the rest (docs/development.md, "Message compatibility between releases").
 */
export interface AccessRecord {
  release: string;
  streams: Record<string, string[]>;
  users: Record<string, NatsPermissions>;
}

/** Today's streams and service users, as a release records them. */
export function accessRecord(release: string): AccessRecord {
  const streams = Object.fromEntries(Object.values(STREAMS).map((s) => [s.name, streamSubjects(s, EVENTS).sort()]));
  const users = Object.fromEntries(Object.entries(SERVICE_ACCESS as Record<string, ServiceAccess>).map(([user, access]) => [user, servicePermissions(user, access)]));
  return { release, streams, users };
}

/** NATS subject matching: `*` matches one token, `>` the rest (one or more tokens). */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
  }
  return p.length === s.length;
}

/**
 * Whether `granted` lets its holder use `wanted` (itself a subject or a pattern) as `before` did:
 * some allow covers it, and each deny that touches it was a deny `before` too. A pattern is
 * checked by its literal form, which is how nats-server compares a wildcard permission with a
 * wildcard subscription.
 */
function grants(granted: { allow: string[]; deny?: string[] }, before: { allow: string[]; deny?: string[] }, wanted: string): boolean {
  const covered = granted.allow.some((a) => a === wanted || subjectMatches(a, wanted));
  const wasDenied = (d: string) => (before.deny ?? []).some((b) => b === d || subjectMatches(b, d));
  const newlyDenied = (granted.deny ?? []).some((d) => (d === wanted || subjectMatches(d, wanted) || subjectMatches(wanted, d)) && !wasDenied(d));
  return covered && !newlyDenied;
}

/**
 * Why `previous`'s services could not run against `today`'s streams and users. Release 0.1.0's
 * services check at start that every stream they know captures exactly the subjects they know
 * (and may not change it), so a stream's subjects stay as released: a new event goes to a new stream.
 */
export function accessProblems(today: AccessRecord, previous: AccessRecord): string[] {
  const problems: string[] = [];
  for (const [stream, subjects] of Object.entries(previous.streams)) {
    const now = today.streams[stream];
    if (!now) problems.push(`stream ${stream} of release ${previous.release} is gone: keep it for one release`);
    else if (now.join(' ') !== [...subjects].sort().join(' '))
      problems.push(`stream ${stream} captures ${JSON.stringify(now)}, release ${previous.release} ${JSON.stringify(subjects)}: its services refuse to start; put new events on a new stream`);
  }
  for (const [user, wanted] of Object.entries(previous.users)) {
    const granted = today.users[user];
    if (!granted) {
      problems.push(`NATS user ${user} of release ${previous.release} is gone`);
      continue;
    }
    for (const subject of wanted.publish.allow) if (!grants(granted.publish, wanted.publish, subject)) problems.push(`${user} may no longer publish to ${subject}, which release ${previous.release} does`);
    for (const subject of wanted.subscribe.allow) if (!grants(granted.subscribe, wanted.subscribe, subject)) problems.push(`${user} may no longer subscribe to ${subject}, which release ${previous.release} does`);
    if (wanted.allow_responses && !granted.allow_responses) problems.push(`${user} may no longer answer requests, which release ${previous.release} does`);
  }
  return problems;
}

import { z } from 'zod';
import { subjectVersion, type JsonSchema, type MessagePart, type MessageSchemas } from './message-catalog';

/** Recorded messages by subject and part: `{ "trackers.create.v1": { request: [...], reply: [...] } }`. */
export type RecordedExamples = Record<string, Partial<Record<MessagePart, unknown[]>>>;

/**
 * What a release spoke on the bus, recorded when it was cut: each subject's parts as JSON Schema
 * (`schema.properties[subject].properties[part]`, shared definitions in `schema.$defs`) and the
 * examples it was released with.
 */
export interface ReleaseRecord {
  release: string;
  schema: JsonSchema;
  examples: RecordedExamples;
}

/** Why a release's consumers would refuse `message` (its JSON Schema's errors), or undefined if they accept it. */
export type ReleaseValidator = (release: ReleaseRecord, subject: string, part: MessagePart, message: unknown) => string | undefined;

/** Releases oldest first, by their numeric `major.minor.patch`. */
function byRelease(a: ReleaseRecord, b: ReleaseRecord): number {
  const parts = (r: ReleaseRecord) => r.release.split('.').map(Number);
  const [pa, pb] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

const examplesFile = (subject: string) => {
  const sv = subjectVersion(subject);
  return sv ? `packages/contracts/examples/messages/${sv.name}/v${sv.version}.json` : `(no file: ${subject} has no version)`;
};

const successor = (subject: string) => {
  const sv = subjectVersion(subject);
  return sv ? `${sv.name}.v${sv.version + 1}` : `${subject}.v2`;
};

const BUMP = (subject: string) =>
  `or, for a deliberate breaking change, publish it as ${successor(subject)} and keep serving ${subject} (its schema and examples unchanged) for one release`;

const issuesOf = (schema: z.ZodType, message: unknown) => {
  const parsed = schema.safeParse(message);
  return parsed.success ? undefined : parsed.error.issues.map((i) => `${i.path.join('.') || '(message)'}: ${i.message}`).join('; ');
};

/**
 * The rule that lets each service ship on its own (one release older or newer than the others):
 * - every subject is named `<name>.v<N>` and each of its parts has at least one recorded example;
 * - today's consumers accept every recorded example: the examples folder's and every release's, of
 *   each subject still served;
 * - today's examples validate against the previous release's JSON Schemas, so its consumers accept
 *   what today's producers send;
 * - a subject the previous release spoke is still served, unless that release already had its
 *   successor beside it (it then had its one release of overlap);
 * - the examples of every version ever released stay recorded.
 * Each problem says what to do about it.
 */
export function compatibilityProblems(input: {
  today: readonly MessageSchemas[];
  examples: RecordedExamples;
  releases: readonly ReleaseRecord[];
  refusedBy: ReleaseValidator;
}): string[] {
  const problems: string[] = [];
  const today = new Map(input.today.map((m) => [m.subject, m]));
  const releases = [...input.releases].sort(byRelease);
  const previous = releases.at(-1);

  for (const { subject, parts } of input.today) {
    if (!subjectVersion(subject)) problems.push(`${subject}: name the subject <name>.v<N>, so a breaking change can bump N.`);
    for (const part of Object.keys(parts) as MessagePart[]) {
      if ((input.examples[subject]?.[part] ?? []).length === 0) {
        problems.push(`${subject} ${part}: no recorded example; add a "${part}" list with at least one message (with hostile user text) to ${examplesFile(subject)}.`);
      }
    }
  }

  const recordings: [string, RecordedExamples][] = [['the examples folder', input.examples], ...releases.map((r): [string, RecordedExamples] => [`release ${r.release}`, r.examples])];
  for (const [source, recorded] of recordings) {
    for (const [subject, byPart] of Object.entries(recorded)) {
      const served = today.get(subject);
      if (!served) continue;
      for (const [part, messages] of Object.entries(byPart) as [MessagePart, unknown[]][]) {
        const schema = served.parts[part];
        if (!schema) {
          problems.push(`${subject}: ${source} records a "${part}" this subject does not carry today; ${BUMP(subject)}.`);
          continue;
        }
        messages.forEach((message, i) => {
          const issues = issuesOf(schema, message);
          if (issues) {
            problems.push(
              `${subject} ${part} #${i} of ${source}: today's consumer refuses it (${issues}); record only what producers send, and accept again what they sent before (new fields optional, nothing narrowed), ${BUMP(subject)}.`,
            );
          }
        });
      }
    }
  }

  if (previous) {
    const previousSubjects = Object.keys(previous.examples);
    for (const subject of previousSubjects) {
      const sv = subjectVersion(subject);
      const succeededThen = previousSubjects.some((other) => {
        const o = subjectVersion(other);
        return sv && o && o.name === sv.name && o.version > sv.version;
      });
      if (!today.has(subject) && !succeededThen) {
        problems.push(`${subject}: release ${previous.release} speaks it and nothing serves it today; keep serving it for one release beside ${successor(subject)}.`);
      }
    }
    for (const { subject, parts } of input.today) {
      if (!previous.examples[subject]) continue;
      for (const part of Object.keys(parts) as MessagePart[]) {
        (input.examples[subject]?.[part] ?? []).forEach((message, i) => {
          const refused = input.refusedBy(previous, subject, part, message);
          if (refused) {
            problems.push(
              `${subject} ${part} #${i} of ${examplesFile(subject)}: release ${previous.release} would refuse it (${refused}); keep the change compatible with what that release accepts, ${BUMP(subject)}.`,
            );
          }
        });
      }
    }
  }

  for (const release of releases) {
    for (const subject of Object.keys(release.examples)) {
      if (!input.examples[subject]) problems.push(`${subject}: release ${release.release} published it; keep ${examplesFile(subject)} (examples of every released version stay).`);
    }
  }
  return problems;
}

/** The user text every message that can hold some must carry in its examples, somewhere. */
const HOSTILE: [string, (text: string) => boolean][] = [
  ['"monday.com" (a name that is a domain)', (t) => t.includes('monday.com')],
  ['"$x" (an operator to a document store)', (t) => t.includes('$')],
  ['"__proto__"', (t) => t.includes('__proto__')],
  ['an emoji', (t) => /\p{Extended_Pictographic}/u.test(t)],
];
const LONG_TEXT = 200;

/**
 * Where a schema holds free text (a string without format, pattern or fixed values) and the most
 * characters it lets one take. A reply's error branch is left out: its words are the service's.
 */
function freeText(root: JsonSchema): { holds: boolean; longest: number } {
  const defs = (root.$defs ?? {}) as Record<string, JsonSchema>;
  const seen = new Set<string>();
  let holds = false;
  let longest = 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const s = node as JsonSchema;
    if (typeof s.$ref === 'string') {
      const id = s.$ref.slice('#/$defs/'.length);
      if (!seen.has(id)) {
        seen.add(id);
        walk(defs[id]);
      }
      return;
    }
    const ok = (s.properties as Record<string, JsonSchema> | undefined)?.ok;
    if (ok?.const === false) return;
    if (s.type === 'string' && s.format === undefined && s.pattern === undefined && s.enum === undefined && s.const === undefined) {
      holds = true;
      longest = Math.max(longest, typeof s.maxLength === 'number' ? s.maxLength : Infinity);
    }
    for (const [key, value] of Object.entries(s)) if (key !== '$defs') walk(value);
  };
  walk(root);
  return { holds, longest };
}

const stringsIn = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsIn);
  return [];
};

/** Parts whose schema holds user text and whose examples lack some hostile text, with what to add. */
export function userTextProblems(today: readonly MessageSchemas[], examples: RecordedExamples): string[] {
  const problems: string[] = [];
  for (const { subject, parts } of today) {
    for (const [part, schema] of Object.entries(parts) as [MessagePart, z.ZodType][]) {
      const { holds, longest } = freeText(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
      if (!holds) continue;
      const texts = stringsIn(examples[subject]?.[part] ?? []);
      const missing = HOSTILE.filter(([, found]) => !texts.some(found)).map(([what]) => what);
      // Counted as zod and JavaScript count a string's length: in UTF-16 code units.
      if (longest >= LONG_TEXT && !texts.some((t) => t.length >= LONG_TEXT)) missing.push(`a text of ${LONG_TEXT} characters or more`);
      if (missing.length > 0) problems.push(`${subject} ${part}: its schema holds user text; put ${missing.join(', ')} in a text field of its examples in ${examplesFile(subject)}.`);
    }
  }
  return problems;
}

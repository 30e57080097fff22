import { notFound, type DigestQueries, type DigestReply, type DigestSettingsInput } from '@brandradar/contracts';
import { DomainError, type QueryHandlers } from '@brandradar/platform';
import { defaultDigest, nextSendAt, normalizedDigest } from './schedule';
import type { DigestSettingsStore } from './settings-store';

export interface DigestQueryDeps {
  settings: DigestSettingsStore;
  /** The account's e-mail address (the default recipient); null for an account billing does not know. */
  emailOf(accountId: string): Promise<string | null>;
  now?: () => Date;
}

function view(s: DigestSettingsInput, nextDueAt: Date | null): DigestReply {
  const { enabled, weekday, time, timezone, recipients, attachPdf } = s;
  return { digest: { enabled, weekday, time, timezone, recipients, attachPdf }, nextSendAt: nextDueAt?.toISOString() ?? null };
}

/** The answers to `DigestQueries`, each scoped to the calling account. */
export function digestQueryHandlers(d: DigestQueryDeps): QueryHandlers<typeof DigestQueries> {
  const now = d.now ?? (() => new Date());
  return {
    async get({ accountId }) {
      const doc = await d.settings.get(accountId);
      if (doc) return view(doc, doc.nextDueAt);
      const email = await d.emailOf(accountId);
      if (email === null) throw new DomainError(notFound());
      return view(defaultDigest(email), null);
    },
    async put({ accountId, input }) {
      const settings = normalizedDigest(input);
      const at = now();
      const doc = await d.settings.put(accountId, settings, nextSendAt(settings, at), at);
      return view(doc, doc.nextDueAt);
    },
  };
}

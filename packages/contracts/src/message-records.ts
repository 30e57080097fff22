import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MESSAGES, messagesJsonSchema, type MessageSchemas } from './message-catalog';
import { accessRecord, type AccessRecord } from './access-compat';
import type { RecordedExamples, ReleaseRecord } from './message-compat';

/** Files of packages/contracts (this file runs from src/ under jest and from dist/ as a script). */
const CONTRACTS_DIR = join(__dirname, '..');
/** `<name>/v<N>.json`: the recorded messages of subject `<name>.v<N>`. */
const EXAMPLES_DIR = join(CONTRACTS_DIR, 'examples', 'messages');
/** `<release>.messages.json`: what each release spoke on the bus; `<release>.access.json`: its streams and NATS permissions. */
const RELEASES_DIR = join(CONTRACTS_DIR, 'releases');
const ROOT_PACKAGE = join(CONTRACTS_DIR, '..', '..', 'package.json');

const ExamplesFile = z.partialRecord(z.enum(['payload', 'request', 'reply']), z.array(z.unknown()).min(1)).refine((parts) => Object.keys(parts).length > 0);
const ReleaseFile = z.object({ release: z.string().regex(/^\d+\.\d+\.\d+$/), schema: z.record(z.string(), z.unknown()), examples: z.record(z.string(), ExamplesFile) });

const Grants = z.object({ allow: z.array(z.string()), deny: z.array(z.string()).optional() });
const AccessFile = z.object({
  release: z.string().regex(/^\d+\.\d+\.\d+$/),
  streams: z.record(z.string(), z.array(z.string())),
  users: z.record(z.string(), z.object({ publish: Grants, subscribe: Grants, allow_responses: z.boolean().optional() })),
});

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** The examples folder, by subject. */
export function readExamples(): RecordedExamples {
  const examples: RecordedExamples = {};
  for (const name of readdirSync(EXAMPLES_DIR).sort()) {
    for (const file of readdirSync(join(EXAMPLES_DIR, name)).sort()) {
      const version = /^v(\d+)\.json$/.exec(file)?.[1];
      if (!version) throw new Error(`${join(EXAMPLES_DIR, name, file)}: name example files v<N>.json`);
      examples[`${name}.v${version}`] = ExamplesFile.parse(readJson(join(EXAMPLES_DIR, name, file)));
    }
  }
  return examples;
}

const releaseFiles = (suffix: string): string[] =>
  existsSync(RELEASES_DIR)
    ? readdirSync(RELEASES_DIR)
        .filter((f) => f.endsWith(suffix))
        .sort()
        .map((f) => join(RELEASES_DIR, f))
    : [];

/** Every recorded release, in file order. */
export function readReleases(): ReleaseRecord[] {
  return releaseFiles('.messages.json').map((f) => ReleaseFile.parse(readJson(f)));
}

/** Every release's recorded streams and NATS permissions, in file order. */
export function readAccessRecords(): AccessRecord[] {
  return releaseFiles('.access.json').map((f) => AccessFile.parse(readJson(f)));
}

/** What `release` speaks: today's schemas and the examples folder, for the subjects served today. */
export function releaseRecord(release: string, examples: RecordedExamples, messages: readonly MessageSchemas[] = MESSAGES): ReleaseRecord {
  const served = messages.map((m) => m.subject);
  return { release, schema: messagesJsonSchema(messages), examples: Object.fromEntries(served.sort().map((s) => [s, examples[s] ?? {}])) };
}

/**
 * Records the release of the root package.json's version in releases/, once: a release's record
 * never changes, as the release itself does not. Returns the files written.
 */
export function recordRelease(): string[] {
  const { version } = z.object({ version: z.string() }).parse(readJson(ROOT_PACKAGE));
  const messages = join(RELEASES_DIR, `${version}.messages.json`);
  const access = join(RELEASES_DIR, `${version}.access.json`);
  if (existsSync(messages)) throw new Error(`${messages} exists: release ${version} is recorded already; raise the version in package.json first`);
  mkdirSync(RELEASES_DIR, { recursive: true });
  writeFileSync(messages, `${JSON.stringify(releaseRecord(version, readExamples()), null, 2)}\n`);
  writeFileSync(access, `${JSON.stringify(accessRecord(version), null, 2)}\n`);
  return [messages, access];
}

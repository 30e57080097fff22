import { recordRelease } from './message-records';

/**
 * Run when a release is cut (`npm run -w @brandradar/contracts release:messages`): records the
 * release's message schemas and examples, its streams and NATS permissions, which the next release's compatibility test reads.
 */
process.stdout.write(`${recordRelease().join('\n')}\n`);

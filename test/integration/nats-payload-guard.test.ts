import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineEvent, defineQuery, eventPayload, versioned, type StreamDef } from '@brandradar/contracts';
import type { NatsServer } from '@brandradar/devstack';
import { HARNESS_USER, startTestNats } from '../support/stack';
import { DomainError, PayloadTooLargeError, connectNats, createLogger, publishEvent, query, serveQuery, type NatsLink } from '@brandradar/platform';

// A query and an event of this test's own; the guard throws before anything reaches a stream.
const echo = defineQuery('payload-guard.echo.v1', versioned({ bytes: z.int().min(0) }), z.object({ text: z.string() }));
const stream: StreamDef = { name: 'PAYLOAD_GUARD_TEST', retention: 'limits', description: 'payload guard test' };
const said = defineEvent('payload-guard.said.v1', stream, eventPayload({ text: z.string() }));

let nats: NatsServer;
let link: NatsLink;
const logger = createLogger('payload-guard-test', 'silent');

beforeAll(async () => {
  nats = await startTestNats('payload-guard');
  link = await connectNats(nats.url, 'payload-guard-test', logger, nats.credentials(HARNESS_USER));
  serveQuery(link, echo, 'payload-guard', logger, async ({ bytes }) => ({ text: 'x'.repeat(bytes) }));
});
afterAll(async () => {
  await link.nc.close();
  await nats.stop();
});

const MAX = () => link.nc.info!.max_payload;

it('answers a query whose reply would exceed max_payload at once with internal_error, not a timeout', async () => {
  expect((await query(link, echo, { version: 1, bytes: 100_000 })).text).toHaveLength(100_000);
  const started = Date.now();
  const refused = await query(link, echo, { version: 1, bytes: MAX() }, 30_000).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DomainError);
  expect((refused as DomainError).error.code).toBe('internal_error');
  expect(Date.now() - started).toBeLessThan(10_000);
});

it('refuses to send a request or an event over max_payload with a PayloadTooLargeError', async () => {
  const big = 'x'.repeat(MAX());
  await expect(publishEvent(link, said, { version: 1, eventId: randomUUID(), occurredAt: new Date().toISOString(), text: big })).rejects.toBeInstanceOf(PayloadTooLargeError);
  const tooLong = defineQuery('payload-guard.echo.v1', versioned({ bytes: z.int(), padding: z.string() }), echo.response);
  await expect(query(link, tooLong, { version: 1, bytes: 1, padding: big })).rejects.toBeInstanceOf(PayloadTooLargeError);
});

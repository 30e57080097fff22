import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { NatsServer } from '@brandradar/devstack';
import { defineEvent, defineNotice, eventPayload, versioned, type StreamDef } from '@brandradar/contracts';
import { createLogger, ensureStream, onEvent, publishEvent, publishNotice, watchEvents, watchNotices, type NatsLink } from '@brandradar/platform';
import { eventually } from '../support/eventually';
import { connectAs, startTestNats } from '../support/stack';

// watchEvents: every process watching a stream sees every event (unlike a durable consumer's
// replicas, which share them), and hears of a message it could not read. watchNotices: a handler
// that throws is a gap, and the connection goes on reading.
const stream: StreamDef = { name: 'WATCH_TEST', retention: 'limits', description: 'event watch test' };
const noted = defineEvent('watch-test.noted.v1', stream, eventPayload({ n: z.int() }));
const said = defineNotice('watch-test.said.v1', versioned({ n: z.int() }));
const logger = createLogger('watch-test', 'silent');

let nats: NatsServer;
let links: NatsLink[];

beforeAll(async () => {
  nats = await startTestNats('watch');
  links = await Promise.all([0, 1, 2].map((i) => connectAs(nats, `watch-test-${i}`)));
  await ensureStream(links[0]!.jsm, stream, [noted.subject], 1);
});
afterAll(async () => {
  await Promise.all(links.map((l) => l.nc.close()));
  await nats.stop();
});

it('gives every watcher every event, typed, in order; an unreadable one is a gap', async () => {
  const watchers = await Promise.all(
    [links[1]!, links[2]!].map(async (link) => {
      const seen: number[] = [];
      const gaps: string[] = [];
      const watch = await watchEvents(link, stream, [onEvent(noted, ({ n }) => seen.push(n))], logger, (why) => gaps.push(why));
      return { seen, gaps, watch };
    }),
  );
  for (let n = 0; n < 5; n++) await publishEvent(links[0]!, noted, { version: 1, eventId: randomUUID(), occurredAt: new Date().toISOString(), n });
  for (const w of watchers) await eventually(async () => w.seen, (seen) => seen.length === 5, 5_000);
  expect(watchers.map((w) => w.seen)).toEqual([
    [0, 1, 2, 3, 4],
    [0, 1, 2, 3, 4],
  ]);
  expect(watchers.map((w) => w.gaps)).toEqual([[], []]);

  await links[0]!.js.publish(noted.subject, new TextEncoder().encode('{"version":2}'));
  for (const w of watchers) await eventually(async () => w.gaps, (gaps) => gaps.length === 1, 5_000);
  expect(watchers[0]!.gaps).toEqual([`unhandled ${noted.subject}`]);
  await Promise.all(watchers.map((w) => w.watch.stop()));
});

it('hears of a notice whose handler threw as a gap, and the connection reads on', async () => {
  const seen: number[] = [];
  const gaps: string[] = [];
  const watch = watchNotices(
    links[1]!,
    said,
    ({ n }) => {
      if (n === 0) throw new Error('a cache that cannot forget');
      seen.push(n);
    },
    logger,
    (why) => {
      gaps.push(why);
      throw new Error('a cache that cannot be dropped either');
    },
  );
  await links[1]!.nc.flush(); // the subscription is in place before anything is said
  publishNotice(links[0]!, said, { version: 1, n: 0 });
  publishNotice(links[0]!, said, { version: 1, n: 1 });
  await eventually(async () => seen, (s) => s.length === 1, 5_000);
  expect(seen).toEqual([1]);
  expect(gaps).toEqual([`unhandled ${said.subject}`]);
  await watch.stop();
});

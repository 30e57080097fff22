import type { NatsLink } from '@brandradar/platform';
import { runsFinishedConsumer, trackerEventsConsumer } from '../../services/notifier/src/service';
import { eventually } from './eventually';

/** Each notifier replica's count of finished mail-sender passes, read from its /metrics. */
async function senderPasses(opsPorts: readonly number[]): Promise<number[]> {
  const texts = await Promise.all(opsPorts.map(async (port) => (await fetch(`http://127.0.0.1:${port}/metrics`)).text()));
  return texts.map((t) => Number(/^mail_outbox_passes_total(?:{[^}]*})? (\d+)$/m.exec(t)?.[1] ?? 0));
}

/**
 * Waits until the notifier's consumers have handled every event, then until every replica has
 * finished two more sender passes: the second began after the events were recorded, so it saw
 * every e-mail due. What has not gone out by then is not going out: a test can count what did.
 */
export async function mailSettled(link: NatsLink, notifierOpsPorts: readonly number[]): Promise<void> {
  for (const c of [trackerEventsConsumer, runsFinishedConsumer]) {
    await eventually(() => link.jsm.consumers.info(c.stream.name, c.durable), (i) => i.num_pending + i.num_ack_pending === 0);
  }
  const before = await senderPasses(notifierOpsPorts);
  await eventually(() => senderPasses(notifierOpsPorts), (now) => now.every((n, i) => n >= before[i]! + 2));
}

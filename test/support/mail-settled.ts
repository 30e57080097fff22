import type { NatsLink } from '@brandradar/platform';
import { notifierConsumers } from '../../services/notifier/src/service';
import { eventually } from './eventually';
import { metricValue } from './metrics';

/** Each notifier replica's count of finished mail-sender passes, read from its /metrics. */
const senderPasses = (opsPorts: readonly number[]): Promise<number[]> => Promise.all(opsPorts.map((port) => metricValue(port, 'mail_outbox_passes_total')));

/**
 * Waits until the notifier's consumers have handled every event, then until every replica has
 * finished two more sender passes: the second began after the events were recorded, so it saw
 * every e-mail due. What has not gone out by then is not going out: a test can count what did.
 */
export async function mailSettled(link: NatsLink, notifierOpsPorts: readonly number[]): Promise<void> {
  for (const c of notifierConsumers) {
    await eventually(() => link.jsm.consumers.info(c.stream.name, c.durable), (i) => i.num_pending + i.num_ack_pending === 0);
  }
  const before = await senderPasses(notifierOpsPorts);
  await eventually(() => senderPasses(notifierOpsPorts), (now) => now.every((n, i) => n >= before[i]! + 2));
}

import { randomUUID } from 'node:crypto';
import type { Counter } from 'prom-client';
import type { AuditRecorded, Principal } from '@brandradar/contracts';
import { backoffDelayMs, sleep, type BackoffPolicy, type Logger } from '@brandradar/platform';
import { fields, text } from './audit';
import type { FinishedRequest } from './http/app';

const PARAM_NAME = /^[A-Za-z]{1,32}$/;
const METHODS: ReadonlyArray<AuditRecorded['method']> = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * What the call acted on: the ids its path named (parsed by the route, so ids only), and the path of
 * what it created. Never a body: bodies hold user text and secrets (a new key), the trail neither.
 */
function targetOf(r: FinishedRequest): Record<string, string> {
  const ids = Object.entries(fields(r.params)).filter((e): e is [string, string] => PARAM_NAME.test(e[0]) && typeof e[1] === 'string' && e[1].length <= 200);
  const created = r.status === 201 && r.location?.startsWith('/') && r.location.length <= 200 ? [['created', r.location] as const] : [];
  return Object.fromEntries([...ids, ...created]);
}

/** The account an operator's call was on: the one its path names, or the one it created. */
function operatorAccount(r: FinishedRequest): string | undefined {
  if (r.route?.path.startsWith('/admin/v1/accounts/:id')) return text(fields(r.params).id);
  return text(fields(fields(r.result).account).id);
}

/**
 * The audit events of one finished request (api-contract §15): one per account it acted in, for
 * a call that changes something (or tried to: refusals count) and for signing in or out. Reads,
 * unauthenticated calls and calls no route took (404, 405) record nothing. Built from named fields
 * only: who (the principal), the operation, the ids in the path, the outcome.
 */
export function auditEvents(r: FinishedRequest, occurredAt: Date, newId: () => string = randomUUID): AuditRecorded[] {
  const { route } = r;
  const method = METHODS.find((m) => m === r.method);
  if (!route || !method || (method === 'GET' && r.actedAs === undefined)) return [];
  const actors: Principal[] = r.actedAs ?? (r.principal ? [r.principal] : []);
  const target = targetOf(r);
  return actors.flatMap((p) => {
    const accountId = p.actor.kind === 'operator' && !p.accountId ? operatorAccount(r) : p.accountId;
    if (!accountId) return [];
    return [
      {
        version: 1 as const,
        eventId: newId(),
        occurredAt: occurredAt.toISOString(),
        accountId,
        requestId: r.requestId,
        actor: p.actor,
        action: route.operationId,
        method,
        target,
        status: r.status,
        errorCode: r.errorCode ?? null,
      },
    ];
  });
}

export interface AuditTrailOptions {
  /** Entries waiting to be published at most; beyond, new ones are dropped (counted and logged). */
  maxQueued: number;
  backoff: BackoffPolicy;
  /** Events published at once. */
  batch?: number;
}

/**
 * Publishes each finished request's audit events to JetStream after the response went out, so no
 * answer waits for the bus. An event the bus did not take is kept and published again with backoff
 * (JetStream drops a repeat of an event id); shutdown waits for the queue (`flush`).
 */
export class AuditTrail {
  private readonly queue: AuditRecorded[] = [];
  private pumping: Promise<void> | null = null;

  constructor(
    private readonly publish: (event: AuditRecorded) => Promise<void>,
    private readonly opts: AuditTrailOptions,
    private readonly logger: Logger,
    private readonly dropped?: Counter,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  record(r: FinishedRequest): void {
    for (const event of auditEvents(r, this.clock())) this.enqueue(event);
  }

  /** Entries not yet taken by the bus. */
  get pending(): number {
    return this.queue.length;
  }

  /** Waits until every entry recorded so far is published, or `timeoutMs` passed; how many are left. */
  async flush(timeoutMs: number): Promise<number> {
    let timer: NodeJS.Timeout | undefined;
    const idle = (async () => {
      while (this.pumping) await this.pumping;
    })();
    await Promise.race([idle, new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
    clearTimeout(timer);
    return this.queue.length;
  }

  private enqueue(event: AuditRecorded): void {
    if (this.queue.length >= this.opts.maxQueued) {
      this.dropped?.inc();
      this.logger.error({ requestId: event.requestId, action: event.action, accountId: event.accountId }, 'audit queue full: entry dropped');
      return;
    }
    this.queue.push(event);
    this.kick();
  }

  private kick(): void {
    this.pumping ??= this.pump().finally(() => {
      this.pumping = null;
      if (this.queue.length > 0) this.kick();
    });
  }

  private async pump(): Promise<void> {
    for (let failures = 0; this.queue.length > 0; ) {
      const batch = this.queue.splice(0, this.opts.batch ?? 32);
      const results = await Promise.allSettled(batch.map((e) => this.publish(e)));
      const failed = batch.filter((_, i) => results[i]!.status === 'rejected');
      if (failed.length === 0) {
        failures = 0;
        continue;
      }
      this.queue.unshift(...failed);
      failures++;
      const err = results.find((x) => x.status === 'rejected')?.reason as unknown;
      this.logger.warn({ err, pending: this.queue.length }, 'publishing audit entries failed; will retry');
      await sleep(backoffDelayMs(failures, this.opts.backoff));
    }
  }
}

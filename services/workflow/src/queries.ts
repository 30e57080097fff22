import { randomUUID } from 'node:crypto';
import { BillingQueries, WorkflowEvents, type ContentBriefResult, type RatesInput, type WorkflowQueries } from '@brandradar/contracts';
import { DomainError, query, storedEvent, type Lease, type Logger, type NatsLink, type QueryRequest, type QueryResult } from '@brandradar/platform';
import { chargeMicro, maxChargeMicro } from './domain/pricing';
import { briefRequest, requestFingerprint, type BriefRequest } from './domain/request';
import { assembleBrief, billableUsage, briefSummary, type StepOutcomes } from './domain/results';
import type { Settler } from './settle';
import type { BriefFinishedEvents } from './store/brief-events';
import type { BriefSlotStore } from './store/brief-slots';
import type { BriefCallStore } from './store/briefs';

type Q = typeof WorkflowQueries;

export interface BriefHandlerDeps {
  store: BriefCallStore;
  /** Where each brief that ran to its end stores its `brief.finished` event, and publishes it from. */
  events: BriefFinishedEvents;
  /** The account's concurrent-brief slots, shared by every replica. */
  slots: BriefSlotStore;
  /** How many content briefs one account may have running at once (BRIEFS_PER_ACCOUNT). */
  briefsPerAccount: number;
  nats: NatsLink;
  logger: Logger;
  runSteps: (request: BriefRequest, accountId: string) => Promise<StepOutcomes>;
  clock: () => Date;
  /** How long a claimed call may run before a retry may take it over: longer than any call takes. */
  leaseMs: number;
  settler: Settler;
  /** The card's rates less what is simulated and not billed (domain/pricing.ts billedRates). */
  billedRates: (rates: RatesInput) => RatesInput;
}

/** A call made with an `Idempotency-Key`: the claim it runs under, and the key. */
interface KeyedClaim {
  lease: Lease;
  idempotencyKey: string;
}

/** A retry of a call still running is told to come back after this long at most. */
const MAX_RETRY_AFTER_SECONDS = 10;
/** A call refused because the account's briefs are all running is told to come back after this long (a brief takes seconds to a minute). */
const BRIEF_LIMIT_RETRY_AFTER_SECONDS = 10;
/**
 * A hold outlives the call's lease by this much, so the capture at its end finds it open even when
 * billing was away for a while and the settlement sweep had to retry it.
 */
const HOLD_MARGIN_MS = 15 * 60_000;

/**
 * The content-brief query: idempotency first (a stored response is returned
 * as it was, with no new charge), then the maximum charge is held, the steps
 * run, and exactly what succeeded is captured (retried from the settlements
 * collection if billing cannot take it now: the caller gets the brief anyway).
 */
export function contentBriefHandler(d: BriefHandlerDeps) {
  return async ({ accountId, idempotencyKey, input }: QueryRequest<Q['runContentBrief']>): Promise<QueryResult<Q['runContentBrief']>> => {
    const request = briefRequest(input);
    if (idempotencyKey === null) return { result: await run(accountId, randomUUID(), request, null), replayed: false };

    const now = d.clock();
    const claim = await d.store.claim(accountId, idempotencyKey, requestFingerprint(input), randomUUID(), now, d.leaseMs);
    switch (claim.kind) {
      case 'done':
        return { result: claim.response, replayed: true };
      case 'mismatch':
        throw DomainError.of('idempotency_key_conflict', 'This Idempotency-Key was already used with a different request body; send a new key for a new request.');
      case 'running': {
        const retryAfterSeconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((claim.leaseUntil.getTime() - now.getTime()) / 1000)));
        throw DomainError.of('idempotency_key_conflict', 'A request with this Idempotency-Key is still running; retry after Retry-After seconds to get its response.', { retryAfterSeconds });
      }
      case 'claimed':
        return { result: await run(accountId, claim.lease.id, request, { lease: claim.lease, idempotencyKey }), replayed: false };
    }
  };

  /**
   * One call in one of the account's brief slots, or 429 `brief_limit_reached` (nothing held, nothing
   * run, the idempotency key free again) when they are all taken.
   */
  async function run(accountId: string, callId: string, request: BriefRequest, claim: KeyedClaim | null): Promise<ContentBriefResult> {
    const slot = await d.slots.acquire(accountId, callId, d.briefsPerAccount, d.clock(), d.leaseMs);
    if (!slot) {
      if (claim) await d.store.release(claim.lease);
      throw DomainError.of('brief_limit_reached', `At most ${d.briefsPerAccount} content briefs may run at once for an account; try again when one has finished.`, {
        retryAfterSeconds: BRIEF_LIMIT_RETRY_AFTER_SECONDS,
      });
    }
    try {
      return await runInSlot(accountId, callId, request, claim);
    } finally {
      // Not freed now (the store is away): its lease frees it.
      await d.slots.release(slot).catch((err: unknown) => d.logger.warn({ err, callId }, 'freeing a content-brief slot failed; it frees itself when its lease ends'));
    }
  }

  /** One call under its own hold `workflow:<callId>`; `claim` is set when an idempotency claim must be settled too. */
  async function runInSlot(accountId: string, callId: string, request: BriefRequest, claim: KeyedClaim | null): Promise<ContentBriefResult> {
    const holdKey = `workflow:${callId}`;
    let held: { rates: RatesInput; heldMicro: number };
    try {
      held = await holdMaximum(accountId, holdKey, request);
    } catch (e) {
      // Nothing ran and nothing is owed: the key may be used again once the refusal is fixed.
      if (claim) await d.store.release(claim.lease);
      throw e;
    }
    let outcomes: StepOutcomes;
    try {
      outcomes = await d.runSteps(request, accountId);
    } catch (e) {
      // Steps report their own failures; this is a bug. Charge nothing and let the key be reused.
      await d.settler.settle(accountId, holdKey, 0);
      if (claim) await d.store.release(claim.lease);
      throw e;
    }
    const usage = billableUsage(outcomes);
    // Priced at the rates the hold was placed at; never above the hold (a taken-over call keeps its first hold).
    const charge = Math.min(held.heldMicro, chargeMicro(d.billedRates(held.rates), usage.steps, usage.surfaces));
    const billedCostMicro = await d.settler.settle(accountId, holdKey, charge);
    const result = assembleBrief(request, outcomes, billedCostMicro);
    await finish(accountId, result, claim);
    return result;
  }

  /**
   * Stores the call's response (when it has a key) and its `brief.finished` event, then publishes it.
   * A call without a key has only its event to store: if that fails, the brief is answered all the
   * same (it is paid for), without its event.
   */
  async function finish(accountId: string, result: ContentBriefResult, claim: KeyedClaim | null): Promise<void> {
    const finishedAt = d.clock();
    const event = storedEvent(WorkflowEvents.briefFinished, { accountId, brief: briefSummary(result, claim?.idempotencyKey ?? null, finishedAt) }, finishedAt);
    if (claim) {
      if (await d.store.finish(claim.lease.id, result, event, finishedAt)) await d.events.publishOfCall(claim.lease.id);
      return;
    }
    await d.events.storeUnkeyed(event, finishedAt).catch((err: unknown) => d.logger.error({ err, eventId: event.eventId }, 'storing a brief.finished event failed; the brief is answered without it'));
  }

  /** Reserves every step and every surface asked before anything runs; refused with 402/403 when the account cannot pay. */
  async function holdMaximum(accountId: string, holdKey: string, request: BriefRequest): Promise<{ rates: RatesInput; heldMicro: number }> {
    const { rates } = await query(d.nats, BillingQueries.getRates, { version: 1 });
    const expiresAt = new Date(d.clock().getTime() + d.leaseMs + HOLD_MARGIN_MS).toISOString();
    const hold = await query(d.nats, BillingQueries.hold, { version: 1, accountId, holdKey, amountMicro: maxChargeMicro(d.billedRates(rates), request.surfaces), expiresAt });
    return { rates, heldMicro: hold.heldMicro };
  }
}

import { z } from 'zod';
import { Micro, SURFACES, Timestamp, userText } from './common';
import { Scope } from './people';
import { defineEvent, defineNotice, defineQuery, eventPayload, versioned, type StreamDef } from './messaging';

/** The content-brief workflow's priced steps (api-contract §7). */
export const WORKFLOW_STEPS = ['answers', 'citations', 'keyword_demand', 'questions', 'video_trends'] as const;
export const WorkflowStep = z.enum(WORKFLOW_STEPS);
export type WorkflowStep = z.infer<typeof WorkflowStep>;

const surfaceRates = z.object(Object.fromEntries(SURFACES.map((s) => [s, Micro])) as Record<(typeof SURFACES)[number], typeof Micro>).strict();
const stepRates = z.object(Object.fromEntries(WORKFLOW_STEPS.map((s) => [s, Micro])) as Record<WorkflowStep, typeof Micro>).strict();

export const RatesInput = z
  .object({
    surfaces: surfaceRates.meta({ description: 'Price of one answer (one prompt on one surface).' }),
    workflowSteps: stepRates.meta({ description: 'Price of each succeeded content-brief step.' }),
  })
  .strict()
  .meta({ id: 'RatesInput' });
export type RatesInput = z.infer<typeof RatesInput>;

export const RateCard = RatesInput.extend({
  version: z.int().min(1).meta({ description: 'Increases by one with every change an operator publishes.' }),
  effectiveAt: Timestamp,
}).meta({
  id: 'RateCard',
  example: {
    version: 1,
    effectiveAt: '2026-11-22T09:00:00.000Z',
    surfaces: { chatgpt: 5000, claude: 5000, perplexity: 4000, gemini: 4000, google_ai_overview: 6000 },
    workflowSteps: { answers: 15000, citations: 12000, keyword_demand: 16000, questions: 10000, video_trends: 16000 },
  },
});
export type RateCard = z.infer<typeof RateCard>;

/** Rate card version 1 (api-contract §7): 3 prompts on the 3 default surfaces cost 39,000. */
export const DEFAULT_RATES: RatesInput = {
  surfaces: { chatgpt: 5_000, claude: 5_000, perplexity: 4_000, gemini: 4_000, google_ai_overview: 6_000 },
  workflowSteps: { answers: 15_000, citations: 12_000, keyword_demand: 16_000, questions: 10_000, video_trends: 16_000 },
};

export const AccountStatus = z.enum(['open', 'closed']);

export const Account = z
  .object({
    id: z.uuid(),
    email: z.email(),
    name: z.string().nullable(),
    status: AccountStatus,
    balanceMicro: Micro,
    spendLimitMicroPerMonth: Micro.nullable().meta({ description: 'Most the account may be billed per calendar month (UTC); null for no limit.' }),
    spentThisMonthMicro: Micro.meta({ description: 'Billed so far in the current calendar month (UTC).' }),
    simulated: z.boolean().meta({ description: "Every answer this account's runs get comes from the simulation, whatever provider keys are set: no provider is ever called for it (a demo or test account). Fixed when the account is created." }),
    createdAt: Timestamp,
  })
  .meta({ id: 'Account' });
export type Account = z.infer<typeof Account>;

export const CreateAccountInput = z
  .object({
    email: z.email(),
    name: userText(100).optional(),
    creditsMicro: Micro.optional(),
    spendLimitMicroPerMonth: Micro.optional(),
    simulated: z.boolean().optional().meta({ description: 'true: its runs are always answered by the simulation, never by a provider (default false).' }),
  })
  .strict()
  .meta({ id: 'CreateAccountInput' });
export type CreateAccountInput = z.infer<typeof CreateAccountInput>;

/** A key as shown once to its owner: `brk_<keyId>_<secret>`. Only a SHA-256 hash of the secret is stored. */
const ApiKeySecret = z.string().meta({ description: 'Shown once; store it safely.', example: 'brk_3f9a1c2b7d4e_x3Jb…' });

export const CreatedAccount = z.object({ account: Account, apiKey: ApiKeySecret, keyId: z.string() }).meta({ id: 'CreatedAccount' });

export const CreatedApiKey = z.object({ apiKey: ApiKeySecret, keyId: z.string() }).meta({ id: 'CreatedApiKey' });

/** An account's key as operators see it: never the secret, which is stored only as a hash. */
const ApiKeyInfo = z.object({ keyId: z.string(), createdAt: Timestamp, revokedAt: Timestamp.nullable() }).meta({ id: 'ApiKeyInfo' });
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKeyInfo).meta({ description: 'Oldest first.' }) }).meta({ id: 'ApiKeyList' });

/** An admin credit: added once per `reference` (an invoice or payment id); a replay changes nothing. */
export const CreditInput = z
  .object({
    amountMicro: z.int().min(1).meta({ description: 'Positive integer micro-units; 100,000 = 1 USD.' }),
    reference: userText(200).meta({ description: 'Idempotency key of the credit, e.g. the payment id.' }),
  })
  .strict()
  .meta({ id: 'CreditInput' });
export type CreditInput = z.infer<typeof CreditInput>;

/** The caller's idempotency key of one reservation, e.g. `run:<runId>`; a plain charset, safe in logs and URLs. */
const HoldKey = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9:_-]{0,199}$/, 'must be 1–200 of A–Z a–z 0–9 : _ -, starting with a letter or digit');

/**
 * What became of a hold, also when asked again with the same key: `heldMicro`
 * was reserved (taken from the balance) when it was placed; `capturedMicro` is
 * null while it is outstanding, and once settled the amount charged (the rest
 * of `heldMicro` went back to the balance; 0 means all of it did). `expired`:
 * nobody captured it by `expiresAt`, so billing released all of it.
 */
const HoldOutcome = z
  .object({
    account: Account,
    holdKey: HoldKey,
    heldMicro: Micro,
    capturedMicro: Micro.nullable(),
    expiresAt: Timestamp,
    expired: z.boolean(),
  })
  .meta({ id: 'HoldOutcome' });
type HoldOutcome = z.infer<typeof HoldOutcome>;

/** A hold not yet captured or expired. */
const OpenHold = z
  .object({ holdKey: HoldKey, heldMicro: Micro, placedAt: Timestamp, expiresAt: Timestamp })
  .meta({ id: 'OpenHold' });
type OpenHold = z.infer<typeof OpenHold>;

export const OpenHoldList = z.object({ holds: z.array(OpenHold) }).meta({ id: 'OpenHoldList' });

/** Between billing replicas: an account changed, so every replica drops the state it keeps of it. */
export const BillingNotices = {
  accountChanged: defineNotice('billing.account-changed.v1', versioned({ accountId: z.uuid() })),
};

/** Queries answered by the billing service. */
export const BillingQueries = {
  getRates: defineQuery('billing.rates.get.v1', versioned({}), z.object({ rates: RateCard })),
  /** Publishes a new rate card as the next version. */
  publishRates: defineQuery('billing.rates.publish.v1', versioned({ rates: RatesInput }), z.object({ rates: RateCard })),
  createAccount: defineQuery('billing.accounts.create.v1', versioned({ input: CreateAccountInput }), CreatedAccount),
  createApiKey: defineQuery('billing.api-keys.create.v1', versioned({ accountId: z.uuid() }), CreatedApiKey),
  /** Every key of an account, revoked ones included. */
  listApiKeys: defineQuery('billing.api-keys.list.v1', versioned({ accountId: z.uuid() }), ApiKeyList),
  /** Revokes a key for good; `not_found` for an unknown key id, success again for a revoked one. */
  revokeApiKey: defineQuery('billing.api-keys.revoke.v1', versioned({ keyId: z.string() }), z.object({ keyId: z.string(), accountId: z.uuid() })),
  getAccount: defineQuery('billing.accounts.get.v1', versioned({ accountId: z.uuid() }), z.object({ account: Account })),
  credit: defineQuery('billing.accounts.credit.v1', versioned({ accountId: z.uuid(), ...CreditInput.shape }), z.object({ account: Account })),
  /** Closes an account (again: no change). A closed account can place no holds; open holds can still be captured. */
  closeAccount: defineQuery('billing.accounts.close.v1', versioned({ accountId: z.uuid() }), z.object({ account: Account })),
  /**
   * Reserves `amountMicro` of the balance (at run or workflow start) until
   * `expiresAt` (after now, at most 7 days ahead, else `validation_error`);
   * billing releases a hold nobody captured by then. Refused with
   * `account_closed`, `insufficient_credits` (`balanceMicro`, `requiredMicro`)
   * or `spend_limit_reached` (`spendLimitMicro`, `spentMicro` this month,
   * `heldMicro` outstanding, `requiredMicro`). A known `holdKey` returns that
   * hold as it stands and reserves nothing more, whatever the amount or expiry.
   */
  hold: defineQuery('billing.holds.place.v1', versioned({ accountId: z.uuid(), holdKey: HoldKey, amountMicro: Micro, expiresAt: Timestamp }), HoldOutcome),
  /**
   * Settles a hold: charges `amountMicro` (at most the held amount, else
   * `invalid_state`) and returns the rest to the balance; 0 releases it all.
   * A settled `holdKey` returns its outcome again and changes nothing (after
   * its expiry: `expired`, nothing charged); an unknown one is `not_found`.
   */
  capture: defineQuery('billing.holds.capture.v1', versioned({ accountId: z.uuid(), holdKey: HoldKey, amountMicro: Micro }), HoldOutcome),
  /** An account's open holds, oldest first (operators, tests); `not_found` for an unknown account. */
  listOpenHolds: defineQuery('billing.holds.list-open.v1', versioned({ accountId: z.uuid() }), OpenHoldList),
  /** The gateway sends the key id and the SHA-256 of the secret; billing compares in constant time. */
  verifyApiKey: defineQuery(
    'billing.api-keys.verify.v1',
    versioned({ keyId: z.string(), secretSha256: z.string().regex(/^[0-9a-f]{64}$/) }),
    z.object({
      accountId: z.uuid(),
      keyId: z.string(),
      accountStatus: AccountStatus,
      // Absent from release 0.1.0's answers, whose keys could do everything.
      name: z.string().optional(),
      scopes: z.array(Scope).optional().meta({ description: 'Absent: every scope (a key stored before scopes existed).' }),
      expiresAt: Timestamp.nullable().optional(),
    }),
  ),
};

export const BILLING_EVENTS_STREAM: StreamDef = {
  name: 'BILLING_EVENTS',
  retention: 'limits',
  description: 'Accounts closed, rate cards published and API keys revoked, for the tracker service and the gateway.',
};

/** What billing announces: other services act on these at once instead of at their next look. */
export const BillingEvents = {
  /** Trackers of a closed account pause now (`account_closed`), not at their next occurrence. */
  accountClosed: defineEvent('account.closed.v1', BILLING_EVENTS_STREAM, eventPayload({ accountId: z.uuid() })),
  /** Every tracker's estimate follows the new card. */
  ratesPublished: defineEvent('rates.published.v1', BILLING_EVENTS_STREAM, eventPayload({ rates: RateCard })),
  /** Gateways drop the key from their caches: it is refused from then on. Ids only, never the secret or its hash. */
  apiKeyRevoked: defineEvent('api-key.revoked.v1', BILLING_EVENTS_STREAM, eventPayload({ keyId: z.string(), accountId: z.uuid() })),
};

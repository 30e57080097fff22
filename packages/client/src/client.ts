import createClient, { type Client } from 'openapi-fetch';
import { BrandradarApiError, BrandradarNetworkError, BrandradarRefusedError } from './errors';
import type { components, paths } from './generated/api';
import { WeeklyDigest } from './digest';
import { AccountPeople } from './people';
import { pollUntil, sleep, type PollOptions } from './poll';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry';

type Schemas = components['schemas'];
export type Account = Schemas['Account'];
export type RateCard = Schemas['RateCard'];
export type Tracker = Schemas['Tracker'];
export type TrackerStatus = Schemas['TrackerStatus'];
export type TrackerList = Schemas['TrackerList'];
export type Overview = Schemas['Overview'];
export type Headline = Schemas['Headline'];
export type HeadlineChange = Schemas['HeadlineChange'];
export type CreateTrackerInput = Schemas['CreateTrackerInput'];
export type UpdateTrackerInput = Schemas['UpdateTrackerInput'];
export type SamplingMode = Schemas['SamplingMode'];
export type ActivationResult = Schemas['ActivationResult'];
export type Run = Schemas['Run'];
export type RunAnswer = Schemas['RunAnswer'];
export type RunStatus = Schemas['RunStatus'];
export type Report = Schemas['Report'];
export type BrandMetrics = Schemas['BrandMetrics'];
export type RateChange = Schemas['RateChange'];
export type ValueChange = Schemas['ValueChange'];
export type Reanalysis = Schemas['Reanalysis'];
export type ReanalysisStatus = Schemas['ReanalysisStatus'];
export type Insights = Schemas['Insights'];
export type DiscoveredName = Schemas['DiscoveredName'];
export type CitationGap = Schemas['CitationGap'];
export type SearchInsight = Schemas['SearchInsight'];
export type ConsultedNotCited = Schemas['ConsultedNotCited'];
export type AnswerSource = Schemas['AnswerSource'];
export type ContentBriefInput = Schemas['ContentBriefInput'];
export type ContentBriefResult = Schemas['ContentBriefResult'];
export type Webhook = Schemas['Webhook'];
export type WebhookEventType = Schemas['WebhookEventType'];
export type WebhookCreated = Schemas['WebhookCreated'];
export type CreateWebhookInput = Schemas['CreateWebhookInput'];
export type UpdateWebhookInput = Schemas['UpdateWebhookInput'];
export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookAttempt = Schemas['WebhookAttempt'];
export type WebhookDeliveryList = Schemas['WebhookDeliveryList'];
export type AuditEntry = Schemas['AuditEntry'];
export type AuditList = Schemas['AuditList'];

/** The primitives that track competitors: a name can be added to these only. */
export const COMPETITOR_PRIMITIVES: readonly Tracker['primitive'][] = ['rankings', 'compare'];

/**
 * What became of the tracker's schedule after {@link BrandradarClient.addCompetitor}: an update
 * always returns a tracker to DRAFT.
 * - `reactivated`: it was ACTIVE and is again, at the cost per run already accepted.
 * - `estimate_changed`: it was ACTIVE, but its estimate is no longer the cost accepted (rates
 *   changed meanwhile): it stays a DRAFT until activated at `estimatedCostMicroPerRun`.
 * - `refused`: it was ACTIVE, and the API refused to activate it again (`error`: say,
 *   `insufficient_credits`); it stays a DRAFT.
 * - `not_active`: it was a DRAFT or PAUSED, and is a DRAFT now.
 */
export type Reactivation =
  | { outcome: 'reactivated'; activation: ActivationResult }
  | { outcome: 'estimate_changed'; acceptedMicroPerRun: number; estimatedCostMicroPerRun: number }
  | { outcome: 'refused'; error: BrandradarApiError }
  | { outcome: 'not_active' };

export interface CompetitorAdded {
  /** The tracker with the new competitor, as it now is (ACTIVE again, or a DRAFT). */
  tracker: Tracker;
  reactivation: Reactivation;
  /** The reanalysis asked for (`reanalyse`), QUEUED or an earlier one of the same token; null when not asked. */
  reanalysis: Reanalysis | null;
}

/**
 * The tracker's definition as a full update takes it, with `competitors` instead of its own.
 * Only rankings and compare trackers have competitors; the caller has checked the primitive.
 */
function definitionWithCompetitors(t: Tracker, competitors: string[]): UpdateTrackerInput {
  const common = {
    name: t.name,
    cadence: t.cadence,
    prompts: t.prompts,
    models: t.models,
    samplesPerPrompt: t.samplesPerPrompt,
    samplingMode: t.samplingMode,
    alerts: t.alerts,
    aliases: t.aliases,
    competitors,
    country: t.country,
  };
  // A compare tracker always has its brand; were it missing, the API would name the blank field.
  return t.primitive === 'rankings' ? { ...common, primitive: 'rankings' } : { ...common, primitive: 'compare', brand: t.brand ?? '' };
}

/** A run in one of these statuses changes no more. */
export const FINISHED_RUN_STATUSES: readonly RunStatus[] = ['COMPLETED', 'PARTIAL', 'FAILED'];
export const isFinished = (run: Pick<Run, 'status'>): boolean => FINISHED_RUN_STATUSES.includes(run.status);
/** A reanalysis in one of these statuses changes no more. */
export const FINISHED_REANALYSIS_STATUSES: readonly ReanalysisStatus[] = ['COMPLETED', 'FAILED'];
export const isReanalysisFinished = (job: Pick<Reanalysis, 'status'>): boolean => FINISHED_REANALYSIS_STATUSES.includes(job.status);

/**
 * Where the gateway is, from a base URL as people give it: the API's paths start with `/api/v1`, so
 * a URL ending in it (the one `npm start` prints) means the gateway itself, as does a trailing `/`.
 */
export function gatewayUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

export interface ClientOptions {
  /** Where the gateway is, e.g. `http://localhost:8080`; `http://localhost:8080/api/v1` means the same. */
  baseUrl: string;
  /** `brk_…`, sent as `Authorization: Bearer`. */
  apiKey: string;
  /** Defaults to the platform's `fetch` (Node ≥ 18, browsers). */
  fetch?: (request: Request) => Promise<Response>;
  retry?: Partial<RetryPolicy>;
  /**
   * How long one attempt waits for an answer before it counts as a network error (and is retried
   * when repeating it is safe). Default 30 s, and 3 min for the content brief, which the gateway may
   * answer only after its workflow's 2-minute deadline.
   */
  timeoutMs?: number;
  /** Called before each wait for a retry, e.g. to say so. */
  onRetry?: (retry: { attempt: number; delayMs: number; status: number | null }) => void;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const BRIEF_TIMEOUT_MS = 180_000;
/** How long waitForReanalysis waits unless told: a caller should not hang on a stuck job, which goes on regardless. */
const REANALYSIS_WAIT_MS = 30 * 60_000;

/** What openapi-fetch answers: the parsed body as `data` on a 2xx, as `error` otherwise. */
type Result<D, E> = { data?: D; error?: E; response: Response };

/**
 * The public API, typed from its OpenAPI document. Each method is one logical call: it may be sent
 * more than once (on 429 after `Retry-After`, and, when repeating it is safe, on 503 or a network
 * error), always with the same request token or `Idempotency-Key`, so a retry never runs or charges
 * twice. A non-2xx answer throws {@link BrandradarApiError}; no answer throws {@link BrandradarNetworkError}.
 */
export class BrandradarClient {
  /**
   * The generated client itself, for anything the methods below leave out. Its answers are read
   * as JSON; another representation (the report's CSV) is asked for with `Accept` and `parseAs`.
   */
  readonly raw: Client<paths, 'application/json'>;
  private readonly policy: RetryPolicy;
  private readonly onRetry: ClientOptions['onRetry'];
  private readonly baseUrl: string;
  private readonly timeoutMs: number | undefined;
  /** The account's members and its own API keys; its weekly digest by e-mail. */
  readonly people: AccountPeople;
  readonly digest: WeeklyDigest;

  constructor(options: ClientOptions) {
    this.baseUrl = gatewayUrl(options.baseUrl);
    this.raw = createClient<paths, 'application/json'>({
      baseUrl: this.baseUrl,
      headers: { Authorization: `Bearer ${options.apiKey}` },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
    this.policy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.onRetry = options.onRetry;
    this.timeoutMs = options.timeoutMs;
    this.people = new AccountPeople(this.raw, (idempotent, attempt) => this.send(idempotent, attempt));
    this.digest = new WeeklyDigest(this.raw, (idempotent, attempt) => this.send(idempotent, attempt));
  }

  async account(): Promise<Account> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/account', init))).data.account;
  }

  async rates(): Promise<RateCard> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/rates', init))).data.rates;
  }

  /** One page, newest first; pass `nextCursor` back as `cursor` for the next. */
  async listTrackers(query: { status?: TrackerStatus; limit?: number; cursor?: string } = {}): Promise<TrackerList> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/trackers', { params: { query }, ...init }))).data;
  }

  /** One page of trackers as `listTrackers` gives it, each with its headline figure (null before its first finished run). */
  async overview(query: { status?: TrackerStatus; limit?: number; cursor?: string } = {}): Promise<Overview> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/overview', { params: { query }, ...init }))).data;
  }

  /** A new DRAFT tracker with its estimate. Not retried on 503: the first attempt may have created it. */
  async createTracker(input: CreateTrackerInput): Promise<Tracker> {
    return (await this.send(false, (init) => this.raw.POST('/api/v1/trackers', { body: input, ...init }))).data.tracker;
  }

  async getTracker(id: string): Promise<Tracker> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/trackers/{id}', { params: { path: { id } }, ...init }))).data.tracker;
  }

  /** Replaces the definition; the tracker becomes a DRAFT again. */
  async updateTracker(id: string, input: UpdateTrackerInput): Promise<Tracker> {
    return (await this.send(true, (init) => this.raw.PATCH('/api/v1/trackers/{id}', { params: { path: { id } }, body: input, ...init }))).data.tracker;
  }

  /**
   * Activates (or resumes) a tracker at the cost per run the caller accepted,
   * which must equal its current `estimatedCostMicroPerRun`. When the estimate
   * has changed this throws `cost_estimate_changed` with the new amount in
   * `details.estimatedCostMicroPerRun`; accept that to activate.
   */
  async activateTracker(id: string, maxCostMicroPerRun: number): Promise<ActivationResult> {
    return (await this.send(true, (init) => this.raw.POST('/api/v1/trackers/{id}/activate', { params: { path: { id } }, body: { maxCostMicroPerRun }, ...init }))).data;
  }

  async pauseTracker(id: string): Promise<Tracker> {
    return (await this.send(true, (init) => this.raw.POST('/api/v1/trackers/{id}/pause', { params: { path: { id } }, ...init }))).data.tracker;
  }

  /** Deletes a PAUSED tracker with no run in progress. */
  async deleteTracker(id: string): Promise<void> {
    await this.send(true, (init) => this.raw.DELETE('/api/v1/trackers/{id}', { params: { path: { id } }, ...init }));
  }

  /**
   * Asks for a manual run. The request token (a new UUID unless given) is the
   * run's identity: sending it again, here on retry or later by the caller,
   * answers the same run without another charge (`replayed: true`).
   */
  async startRun(trackerId: string, options: { requestToken?: string } = {}): Promise<{ run: Run; replayed: boolean }> {
    const requestToken = options.requestToken ?? crypto.randomUUID();
    const { data, response } = await this.send(true, (init) => this.raw.POST('/api/v1/trackers/{id}/runs', { params: { path: { id: trackerId } }, body: { requestToken }, ...init }));
    return { run: data.run, replayed: response.status === 200 };
  }

  async getRun(trackerId: string, runId: string): Promise<Run> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/trackers/{id}/runs/{runId}', { params: { path: { id: trackerId, runId } }, ...init }))).data.run;
  }

  /**
   * Polls a run until it is COMPLETED, PARTIAL or FAILED (every run has a
   * deadline, so it ends), calling `onProgress` with each state seen.
   */
  async waitForRun(trackerId: string, runId: string, options: { intervalMs?: number; onProgress?: (run: Run) => void } = {}): Promise<Run> {
    return pollUntil(() => this.getRun(trackerId, runId), isFinished, options);
  }

  /**
   * Asks for the tracker's COMPLETED and PARTIAL runs to be recomputed from
   * their stored answers with its current names (brand, competitors, aliases)
   * and the current analysis version; free, in any tracker status. The
   * request token (a new UUID unless given) is the job's identity: sending it
   * again answers the same job (`replayed: true`) instead of queuing another.
   */
  async requestReanalysis(trackerId: string, options: { requestToken?: string } = {}): Promise<{ reanalysis: Reanalysis; replayed: boolean }> {
    const requestToken = options.requestToken ?? crypto.randomUUID();
    const { data, response } = await this.send(true, (init) => this.raw.POST('/api/v1/trackers/{id}/reanalysis', { params: { path: { id: trackerId } }, body: { requestToken }, ...init }));
    return { reanalysis: data.reanalysis, replayed: response.status === 200 };
  }

  async getReanalysis(trackerId: string, reanalysisId: string): Promise<Reanalysis> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/trackers/{id}/reanalysis/{reanalysisId}', { params: { path: { id: trackerId, reanalysisId } }, ...init }))).data.reanalysis;
  }

  /**
   * Polls a reanalysis until it is COMPLETED or FAILED, calling `onProgress`
   * with each state seen (`runs.done` of `runs.total`). Gives up after
   * `timeoutMs` (default 30 min) with a `BrandradarWaitTimeoutError`; the
   * job goes on, and its request token answers it again.
   */
  async waitForReanalysis(trackerId: string, reanalysisId: string, options: PollOptions<Reanalysis> = {}): Promise<Reanalysis> {
    return pollUntil(() => this.getReanalysis(trackerId, reanalysisId), isReanalysisFinished, { timeoutMs: REANALYSIS_WAIT_MS, ...options });
  }

  /**
   * What the newest `runs` COMPLETED or PARTIAL runs (1–10, default 1) say beyond the tracker's
   * metrics: names the answers put forward that it does not track, each with its evidence,
   * (compare and sentiment) the domains cited where a competitor is mentioned but not the brand,
   * the searches the surfaces ran and the sites they read but did not cite. Free.
   */
  async getInsights(trackerId: string, query: { runs?: number } = {}): Promise<Insights> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/trackers/{id}/insights', { params: { path: { id: trackerId }, query }, ...init }))).data.insights;
  }

  /** The insights as CSV (a row per discovered name, search and site read but not cited), whole as text. */
  async getInsightsCsv(trackerId: string, query: { runs?: number } = {}): Promise<string> {
    const get = (init: { signal: AbortSignal }) =>
      this.raw.GET('/api/v1/trackers/{id}/insights', { params: { path: { id: trackerId }, query }, headers: { Accept: 'text/csv' }, parseAs: 'text', ...init });
    return (await this.send(true, get)).data;
  }

  /**
   * Adds `name` to a rankings or compare tracker's competitors, as one step: reads the tracker,
   * replaces its definition with the name appended (which returns it to DRAFT), activates it again
   * if it was ACTIVE and its estimate is still the cost per run accepted (adding a name does not
   * change the estimate; rates may have), and with `reanalyse` asks for its history to be
   * recomputed, so its earlier runs report the name too. `requestToken` is the reanalysis's (see
   * {@link requestReanalysis}). Refuses other primitives with {@link BrandradarRefusedError}
   * before changing anything; the API checks the name (1–100 characters, not tracked yet).
   */
  async addCompetitor(trackerId: string, name: string, options: { reanalyse?: boolean; requestToken?: string } = {}): Promise<CompetitorAdded> {
    const before = await this.getTracker(trackerId);
    if (!COMPETITOR_PRIMITIVES.includes(before.primitive)) {
      throw new BrandradarRefusedError('no_competitors', `“${before.name}” is a ${before.primitive} tracker, which has no competitors: only rankings and compare trackers do.`);
    }
    const updated = await this.updateTracker(trackerId, definitionWithCompetitors(before, [...before.competitors, name]));
    const reactivation = before.status === 'ACTIVE' ? await this.reactivate(updated, before.maxCostMicroPerRun ?? before.estimatedCostMicroPerRun) : { outcome: 'not_active' as const };
    const tracker = reactivation.outcome === 'reactivated' ? reactivation.activation.tracker : updated;
    const reanalysis = options.reanalyse ? (await this.requestReanalysis(trackerId, { requestToken: options.requestToken })).reanalysis : null;
    return { tracker, reactivation, reanalysis };
  }

  /**
   * Activates a tracker an update returned to DRAFT, at the cost per run its user accepted, and
   * only at that: a different estimate is left for the user to accept. A refusal (credits, spend
   * limit) is an outcome, not an error: the update before it has happened.
   */
  private async reactivate(draft: Tracker, acceptedMicroPerRun: number): Promise<Reactivation> {
    if (draft.estimatedCostMicroPerRun !== acceptedMicroPerRun) return { outcome: 'estimate_changed', acceptedMicroPerRun, estimatedCostMicroPerRun: draft.estimatedCostMicroPerRun };
    try {
      return { outcome: 'reactivated', activation: await this.activateTracker(draft.id, acceptedMicroPerRun) };
    } catch (error) {
      if (!(error instanceof BrandradarApiError)) throw error;
      // cost_estimate_changed: rates changed between the update and the activation.
      const estimate = error.details.estimatedCostMicroPerRun;
      if (error.code === 'cost_estimate_changed' && typeof estimate === 'number') return { outcome: 'estimate_changed', acceptedMicroPerRun, estimatedCostMicroPerRun: estimate };
      return { outcome: 'refused', error };
    }
  }

  /** The tracker and its latest runs, newest first. */
  async report(trackerId: string, query: { limit?: number } = {}): Promise<Report> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/trackers/{id}/report', { params: { path: { id: trackerId }, query }, ...init }))).data;
  }

  /**
   * The report as CSV (one row per run × surface × name × metric; api-contract §13), whole as text.
   * Without answers it stays small: at most 100 runs of their metrics.
   */
  async reportCsv(trackerId: string, query: { limit?: number } = {}): Promise<string> {
    return (await this.reportAs(trackerId, query, 'text/csv', 'text')).data;
  }

  /** The report as a PDF to forward (api-contract §16: figures, changes, chart, surfaces, insights, method), as its bytes. */
  async reportPdf(trackerId: string, query: { limit?: number } = {}): Promise<Uint8Array> {
    return new Uint8Array((await this.reportAs(trackerId, query, 'application/pdf', 'arrayBuffer')).data);
  }

  /** The report in another media type than JSON, read as `parseAs` says. */
  private reportAs<P extends 'text' | 'arrayBuffer'>(trackerId: string, query: { limit?: number }, accept: string, parseAs: P) {
    return this.send(true, (init) => this.raw.GET('/api/v1/trackers/{id}/report', { params: { path: { id: trackerId }, query }, headers: { Accept: accept }, parseAs, ...init }));
  }

  /**
   * Runs the content-brief workflow (synchronous: it answers when the brief is
   * ready). The `Idempotency-Key` (a new UUID unless given) makes a retry
   * return the stored brief instead of running and charging again.
   */
  async contentBrief(input: ContentBriefInput, options: { idempotencyKey?: string } = {}): Promise<{ brief: ContentBriefResult; replayed: boolean }> {
    const header = { 'Idempotency-Key': options.idempotencyKey ?? crypto.randomUUID() };
    const { data, response } = await this.send(true, (init) => this.raw.POST('/api/v1/workflows/content-brief', { body: input, params: { header }, ...init }), BRIEF_TIMEOUT_MS);
    return { brief: data, replayed: response.headers.get('idempotent-replayed') === 'true' };
  }

  /**
   * A new webhook endpoint and its signing secret (`whsec_…`), which no later call shows again:
   * keep it where the receiver verifies signatures. Not retried on 503: the first attempt may
   * have created it, and a second would have another secret.
   */
  async createWebhook(input: CreateWebhookInput): Promise<WebhookCreated> {
    return (await this.send(false, (init) => this.raw.POST('/api/v1/webhooks', { body: input, ...init }))).data;
  }

  /** Every webhook endpoint of the account (at most 10), newest first; never their secrets. */
  async webhooks(): Promise<Webhook[]> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/webhooks', init))).data.webhooks;
  }

  async webhook(id: string): Promise<Webhook> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/webhooks/{id}', { params: { path: { id } }, ...init }))).data.webhook;
  }

  /** Changes only the fields given; `{ status: 'enabled' }` turns on an endpoint disabled by the account or after failing. */
  async updateWebhook(id: string, input: UpdateWebhookInput): Promise<Webhook> {
    return (await this.send(true, (init) => this.raw.PATCH('/api/v1/webhooks/{id}', { params: { path: { id } }, body: input, ...init }))).data.webhook;
  }

  /** Deliveries not yet made are dropped. */
  async deleteWebhook(id: string): Promise<void> {
    await this.send(true, (init) => this.raw.DELETE('/api/v1/webhooks/{id}', { params: { path: { id } }, ...init }));
  }

  /** One page of the endpoint's delivery log, newest first, each with its attempts; pass `nextCursor` back as `cursor` for the next. */
  async webhookDeliveries(id: string, query: { limit?: number; cursor?: string } = {}): Promise<WebhookDeliveryList> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/webhooks/{id}/deliveries', { params: { path: { id }, query }, ...init }))).data;
  }

  /** Sends a delivery again with the same `webhook-id` (receivers de-duplicate by it); the delivery, pending again. */
  async redeliverWebhookDelivery(id: string, deliveryId: string): Promise<WebhookDelivery> {
    return (await this.send(true, (init) => this.raw.POST('/api/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver', { params: { path: { id, deliveryId } }, ...init }))).data.delivery;
  }

  /** One page of the account's audit trail, newest first (needs `admin`); pass `nextCursor` back as `cursor` for older entries. */
  async auditEntries(query: { limit?: number; cursor?: string } = {}): Promise<AuditList> {
    return (await this.send(true, (init) => this.raw.GET('/api/v1/audit', { params: { query }, ...init }))).data;
  }

  /** Sends one logical call, again while the retry policy says so; the data of its 2xx answer. */
  private async send<D, E>(
    idempotent: boolean,
    attempt: (init: { signal: AbortSignal }) => Promise<Result<D, E>>,
    defaultTimeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<{ data: NonNullable<D>; response: Response }> {
    const timeoutMs = this.timeoutMs ?? defaultTimeoutMs;
    for (let n = 1; ; n++) {
      let result: Result<D, E> | undefined;
      let networkError: unknown;
      // Also ends an attempt whose connection neither answers nor fails (Node's fetch can wait forever then).
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        result = await attempt({ signal });
      } catch (cause) {
        networkError = signal.aborted ? new Error(`no answer within ${timeoutMs / 1000} s`) : cause;
      }
      // A 2xx has its body as data; only a 204 has none, and its data type is empty too.
      if (result?.response.ok) return { data: result.data as NonNullable<D>, response: result.response };
      const error = result ? BrandradarApiError.of(result.response.status, result.error, result.response.headers) : undefined;
      const status = result?.response.status ?? null;
      const delayMs = retryDelayMs({ status, code: error?.code, retryAfter: result?.response.headers.get('retry-after'), attempt: n, idempotent, now: Date.now() }, this.policy);
      if (delayMs === null) throw error ?? new BrandradarNetworkError(this.baseUrl, { cause: networkError });
      this.onRetry?.({ attempt: n, delayMs, status });
      await sleep(delayMs);
    }
  }
}

/**
 * The public API, called with fetch. Types come from @brandradar/contracts at build time only
 * (`import type`): nothing of it is loaded in the browser.
 */
import type { Account, AccountApiKey, ActivationResult, CurrentApiKey, Insights, Me, Member, Overview, RateCard, Reanalysis, Role, Run, Scope, SignInOptions, Tracker, Webhook, WebhookDelivery, WebhookEventType } from '@brandradar/contracts';

export type { Account, AccountApiKey, ActivationResult, Me, Member, Role, Scope, SignInOptions, Insights, Overview, RateCard, Reanalysis, Run, Tracker, Webhook, WebhookDelivery, WebhookEventType };
/** A new endpoint with its signing secret, which the API answers this once. */
export type WebhookCreated = { webhook: Webhook; secret: string };
export type DeliveryPage = { deliveries: WebhookDelivery[]; nextCursor: string | null };
/** `analysisVersions`: the versions of the runs listed, newest first; more than one means some deltas are missing across them. */
export type Report = { tracker: Tracker; runs: Run[]; analysisVersions: string[] };

const KEY_ITEM = 'brandradar.apiKey';
const ACCOUNT_ITEM = 'brandradar.accountId';
/** The session's CSRF token: in memory only (sign-in and `/me` answer it), sent on every request that changes something. */
let csrfToken: string | null = null;

/**
 * Who calls the API. A person signed in has the session cookie (HttpOnly: the browser sends it,
 * the page never sees it), the CSRF token and the account they act in (`X-Account-Id`, this tab's
 * choice). With a pasted API key (local development) the key lives in this tab's session storage
 * only: never in a URL, a cookie or the server; a key's `Authorization` would take precedence over
 * the cookie, so it is sent only in that mode.
 */
export const session = {
  key: (): string | null => sessionStorage.getItem(KEY_ITEM),
  signIn: (key: string): void => sessionStorage.setItem(KEY_ITEM, key),
  /** A person's session: its CSRF token, and the account chosen in this tab (null: their first). */
  person: (token: string): void => {
    csrfToken = token;
  },
  accountId: (): string | null => sessionStorage.getItem(ACCOUNT_ITEM),
  chooseAccount: (id: string): void => sessionStorage.setItem(ACCOUNT_ITEM, id),
  signOut: (): void => {
    sessionStorage.removeItem(KEY_ITEM);
    sessionStorage.removeItem(ACCOUNT_ITEM);
    csrfToken = null;
  },
};

/** The headers that say who calls: the key, or the person's CSRF token (on changes) and account. */
function credentials(method: string): Record<string, string> {
  const key = session.key();
  if (key) return { Authorization: `Bearer ${key}` };
  const headers: Record<string, string> = {};
  if (csrfToken && method !== 'GET' && method !== 'HEAD') headers['X-CSRF-Token'] = csrfToken;
  const account = session.accountId();
  if (account) headers['X-Account-Id'] = account;
  return headers;
}

export interface Issue {
  path: string;
  message: string;
}

/** An answer in the contract's error shape: `code`, `message`, and the fields some codes add. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown>,
    /** Seconds from `Retry-After`, when the answer has it. */
    readonly retryAfter: number | null,
  ) {
    super(message);
  }

  get issues(): Issue[] {
    const issues = this.details.issues;
    return Array.isArray(issues) ? (issues as Issue[]) : [];
  }

  /** A number the error carries, e.g. `balanceMicro` of `insufficient_credits`. */
  amount(field: string): number | null {
    const v = this.details[field];
    return typeof v === 'number' ? v : null;
  }
}

/** The answer when it is a 2xx; otherwise the error it carries (JSON in the contract's shape), thrown. */
async function request(method: string, path: string, { body, accept }: { body?: unknown; accept?: string } = {}): Promise<Response> {
  const headers = credentials(method);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (accept) headers.Accept = accept;
  const res = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) {
    const error = (jsonOf(await res.text()) as { error?: Record<string, unknown> } | undefined)?.error ?? {};
    const retryAfter = res.headers.get('Retry-After');
    throw new ApiError(
      res.status,
      typeof error.code === 'string' ? error.code : 'unexpected_answer',
      typeof error.message === 'string' ? error.message : `The API answered ${res.status}.`,
      error,
      retryAfter === null ? null : Number(retryAfter),
    );
  }
  return res;
}

/** The answer's text when it is a 2xx; otherwise the error it carries, thrown. */
async function send(method: string, path: string, options: { body?: unknown; accept?: string } = {}): Promise<{ status: number; text: string }> {
  const res = await request(method, path, options);
  return { status: res.status, text: await res.text() };
}

function jsonOf(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const { status, text } = await send(method, path, { body });
  return { status, body: jsonOf(text) as T };
}

const trackerPath = (id: string) => `/trackers/${encodeURIComponent(id)}`;
const webhookPath = (id: string) => `/webhooks/${encodeURIComponent(id)}`;
const memberPath = (id: string) => `/members/${encodeURIComponent(id)}`;

export const api = {
  account: async () => (await call<{ account: Account }>('GET', '/account')).body.account,
  rates: async () => (await call<{ rates: RateCard }>('GET', '/rates')).body.rates,
  /**
   * One page of trackers, newest first, each with its headline figure (null before its first
   * finished run); `nextCursor` names the next page (null after the last). The API serves 1–100 per page.
   */
  overview: async (limit: number, cursor?: string) => (await call<Overview>('GET', `/overview?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body,
  tracker: async (id: string) => (await call<{ tracker: Tracker }>('GET', trackerPath(id))).body.tracker,
  createTracker: async (definition: Record<string, unknown>) => (await call<{ tracker: Tracker }>('POST', '/trackers', definition)).body.tracker,
  updateTracker: async (id: string, definition: Record<string, unknown>) => (await call<{ tracker: Tracker }>('PATCH', trackerPath(id), definition)).body.tracker,
  /** `maxCostMicroPerRun` is the estimate the user confirmed, unchanged. */
  activate: async (id: string, maxCostMicroPerRun: number) => (await call<ActivationResult>('POST', `${trackerPath(id)}/activate`, { maxCostMicroPerRun })).body,
  pause: async (id: string) => (await call<{ tracker: Tracker }>('POST', `${trackerPath(id)}/pause`)).body.tracker,
  remove: async (id: string) => {
    await call<undefined>('DELETE', trackerPath(id));
  },
  /** The same token again answers the same run (200) without another charge. */
  requestRun: async (id: string, requestToken: string) => {
    const res = await call<{ run: Run }>('POST', `${trackerPath(id)}/runs`, { requestToken });
    return { run: res.body.run, replayed: res.status === 200 };
  },
  /** Recomputes the tracker's finished runs with its current names, free; the same token again answers the same job (200). */
  requestReanalysis: async (id: string, requestToken: string) => (await call<{ reanalysis: Reanalysis }>('POST', `${trackerPath(id)}/reanalysis`, { requestToken })).body.reanalysis,
  reanalysis: async (id: string, reanalysisId: string) => (await call<{ reanalysis: Reanalysis }>('GET', `${trackerPath(id)}/reanalysis/${encodeURIComponent(reanalysisId)}`)).body.reanalysis,
  /** What the newest `runs` finished runs (1–10) say beyond the metrics: names not tracked, citation gaps. Free. */
  insights: async (id: string, runs: number) => (await call<{ insights: Insights }>('GET', `${trackerPath(id)}/insights?runs=${runs}`)).body.insights,
  insightsCsv: async (id: string, runs: number) => (await send('GET', `${trackerPath(id)}/insights?runs=${runs}`, { accept: 'text/csv' })).text,
  report: async (id: string, limit = 50) => (await call<Report>('GET', `${trackerPath(id)}/report?limit=${limit}`)).body,
  /** The same runs' figures as CSV text: a row per run × surface × name × metric. */
  reportCsv: async (id: string, limit = 50) => (await send('GET', `${trackerPath(id)}/report?limit=${limit}`, { accept: 'text/csv' })).text,
  reportPdf: async (id: string, limit = 50) => (await request('GET', `${trackerPath(id)}/report?limit=${limit}`, { accept: 'application/pdf' })).blob(),
  webhooks: async () => (await call<{ webhooks: Webhook[] }>('GET', '/webhooks')).body.webhooks,
  webhook: async (id: string) => (await call<{ webhook: Webhook }>('GET', webhookPath(id))).body.webhook,
  createWebhook: async (input: { url: string; events: WebhookEventType[]; description?: string }) => (await call<WebhookCreated>('POST', '/webhooks', input)).body,
  setWebhookStatus: async (id: string, status: Webhook['status']) => (await call<{ webhook: Webhook }>('PATCH', webhookPath(id), { status })).body.webhook,
  removeWebhook: async (id: string) => {
    await call<undefined>('DELETE', webhookPath(id));
  },
  /** One page of the endpoint's delivery log, newest first; `nextCursor` names the older page (null after the last). */
  deliveries: async (id: string, limit: number, cursor?: string) =>
    (await call<DeliveryPage>('GET', `${webhookPath(id)}/deliveries?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body,
  redeliver: async (id: string, deliveryId: string) => (await call<{ delivery: WebhookDelivery }>('POST', `${webhookPath(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`)).body.delivery,
  // People (api-contract §15): how they sign in, who they are, the account's members and keys.
  signInOptions: async () => (await call<{ options: SignInOptions }>('GET', '/session/options')).body.options,
  /** Always accepted: the answer tells nothing of whether the address may sign in. */
  requestSignInLink: async (email: string) => {
    await call<undefined>('POST', '/session/email-link', { email });
  },
  /** A sign-in link's or an invitation's token for a session (the cookie is set by the answer). */
  startSession: async (token: string) => (await call<{ me: Me; csrfToken: string }>('POST', '/session', { token })).body,
  me: async () => (await call<Me>('GET', '/me')).body,
  logout: async (everywhere: boolean) => {
    await call<undefined>('POST', everywhere ? '/session/logout-everywhere' : '/session/logout');
  },
  /** The pasted key's own name and scopes. */
  currentKey: async () => (await call<CurrentApiKey>('GET', '/api-keys/current')).body.key,
  members: async () => (await call<{ members: Member[] }>('GET', '/members')).body.members,
  inviteMember: async (email: string, role: Role) => (await call<{ member: Member }>('POST', '/members', { email, role })).body.member,
  changeRole: async (id: string, role: Role) => (await call<{ member: Member }>('PATCH', memberPath(id), { role })).body.member,
  removeMember: async (id: string) => {
    await call<undefined>('DELETE', memberPath(id));
  },
  apiKeys: async () => (await call<{ apiKeys: AccountApiKey[] }>('GET', '/api-keys')).body.apiKeys,
  /** The key's record and its secret, which the API answers this once. */
  createApiKey: async (input: { name: string; scopes: Scope[]; expiresAt?: string }) => (await call<{ key: AccountApiKey; apiKey: string }>('POST', '/api-keys', input)).body,
  revokeApiKey: async (id: string) => {
    await call<undefined>('DELETE', `/api-keys/${encodeURIComponent(id)}`);
  },
};

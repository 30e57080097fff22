export { Answer, Citation, ConsultedSource, PROVIDER_NAMES, ProviderName, type AnswerDraw, type AskOptions, type AskSurface } from './answer';
export { accountConcurrency, providersConfigSchema, type ProvidersConfig } from './config';
export * from './errors';
export { createFairLimiter, type FairLimiter } from './limiter';
export { createProviders, type Providers, type ProvidersOptions } from './providers';
export { withRetries, type RetryOptions } from './retry';
export { withTimeout } from './timeout';
export { simulateAnswer } from './simulated/simulated';
/** Local protocol peers, for tests of the services that ask the surfaces (and the plumbing for other peers). */
export { fetchJson } from './clients/http';
export * from './simulation';

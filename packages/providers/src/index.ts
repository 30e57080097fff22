export { Answer } from './answer';
export { accountConcurrency, providersConfigSchema } from './config';
export * from './errors';
export { createProviders, type Providers } from './providers';
export { withRetries, type RetryOptions } from './retry';
export { simulateAnswer } from './simulated/simulated';
/** Local protocol peers, for tests of the services that ask the surfaces (and the plumbing for other peers). */
export { fetchJson } from './clients/http';
export * from './simulation';

export * from './client';
export * from './digest';
export * from './errors';
export * from './people';
export * from './retry';
export type { components, operations, paths, webhooks } from './generated/api';

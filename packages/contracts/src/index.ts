export * from './common';
export * from './errors';
export * from './messaging';
export * from './billing';
export * from './catalog';
export * from './api-keys';
export * from './cadence';

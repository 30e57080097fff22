/**
 * One jest run for unit and integration tests. Sources are transpiled by
 * ts-jest (types are checked separately by `tsc -p tsconfig.test.json`), and
 * the workspace packages resolve to their TypeScript sources.
 * @type {import('jest').Config}
 */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The SRE smoke suite needs a cluster: npx jest -c test/cluster/jest.config.js
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/cluster/'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
  // The web app's modules import each other as `./x.js` (browser ES modules); in node they are `./x.ts`.
  moduleNameMapper: {
    '^@brandradar/(contracts|platform|devstack|schedule|analysis|providers|client|mcp)$': '<rootDir>/packages/$1/src',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 60_000,
  // Three files at a time even on two cores (jest's default there is one): most of a file's time is
  // spent waiting on nats-server, FerretDB, PostgreSQL and timers, not in jest. Measured on the 2-core
  // machine: test/integration 497 s with one worker, 320 s with two (same load); the whole suite on
  // an idle machine, 2026-11-24, 199 s with two (1.55 cores busy on average), 172 s with three (1.83).
  maxWorkers: 3,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};

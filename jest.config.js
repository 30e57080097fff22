/**
 * Three test tiers as jest projects, all run by `npm test`:
 *   unit         needs no server, no browser, no build output (`npm run test:unit`, the inner loop)
 *   integration  services against real NATS and the store, the web app in Chromium, the built CLI
 *   deploy       the chart against helm and a kube-apiserver, Skaffold's schema, the images
 * Only integration and deploy have the global setup that starts the store, and jest runs a
 * project's global setup only when one of its files runs: `npx jest packages/analysis` starts nothing.
 * Sources are transpiled by ts-jest (types are checked separately by `tsc -p tsconfig.test.json`),
 * and the workspace packages resolve to their TypeScript sources.
 */

/** Test files (or folders, ending in `/`) that need a server, Chromium or the build, by repository path. */
const INTEGRATION = [
  'test/integration/',
  'packages/cli/src/bin.test.ts', // runs the compiled CLI
  'packages/devstack/src/nats-cluster.test.ts',
  'packages/report-render/src/pdf.test.ts', // reads the PDF back with pdftotext
  'packages/platform/src/errors.test.ts',
  'packages/platform/src/lease.test.ts',
  ...['answer-text', 'audit', 'axe', 'breakdowns', 'digest', 'overview', 'people', 'report-charts', 'report-csv', 'report-first-screen', 'research-view', 'web-app', 'webhooks'].map(
    (name) => `test/web/${name}.test.ts`,
  ),
];
/** What needs helm, a kube-apiserver, Go's module download or buildah. */
const DEPLOY = ['test/helm/apiserver.test.ts', 'test/helm/chart.test.ts', 'test/helm/chart-source.test.ts', 'test/helm/cluster-values.test.ts', 'test/helm/skaffold.test.ts', 'test/images/'];
// The SRE smoke suite needs a cluster: npx jest -c test/cluster/jest.config.js
const NEVER = ['/node_modules/', '<rootDir>/test/cluster/'];

const asGlob = (p) => `<rootDir>/${p}${p.endsWith('/') ? '**/*.test.ts' : ''}`;
const asPattern = (p) => `<rootDir>/${p.replace(/[.]/g, '\\.')}`;

const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
  // The web app's modules import each other as `./x.js` (browser ES modules); in node they are `./x.ts`.
  // report-render imports the web app's compiled modules by their path in its build: here, their sources.
  moduleNameMapper: {
    '^@brandradar/(contracts|platform|devstack|schedule|analysis|providers|client|mcp|report-render)$': '<rootDir>/packages/$1/src',
    '^@brandradar/web/dist/(.*)\\.js$': '<rootDir>/packages/web/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testPathIgnorePatterns: NEVER,
};
const withServers = {
  ...shared,
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      roots: ['<rootDir>/packages', '<rootDir>/services', '<rootDir>/test'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [...NEVER, ...[...INTEGRATION, ...DEPLOY].map(asPattern)],
      // A file here that tries to start a server or read the store's address fails, naming this list.
      setupFilesAfterEnv: ['<rootDir>/test/support/unit-tier.ts'],
    },
    { ...withServers, displayName: 'integration', testMatch: INTEGRATION.map(asGlob) },
    { ...withServers, displayName: 'deploy', testMatch: DEPLOY.map(asGlob) },
  ],
  testTimeout: 60_000,
  // Three files at a time even on two cores (jest's default there is one): most of a file's time is
  // spent waiting on nats-server, FerretDB, PostgreSQL and timers, not in jest. Measured on the 2-core
  // machine: test/integration 497 s with one worker, 320 s with two (same load); the whole suite on
  // an idle machine, 2026-11-24, 199 s with two (1.55 cores busy on average), 172 s with three (1.83).
  maxWorkers: 3,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};

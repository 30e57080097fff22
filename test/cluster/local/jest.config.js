/**
 * `npm run test:cluster`: brings up this machine's single-node cluster with the release installed
 * (global-setup.ts, the code of `npm run cluster -- up`), runs the smoke suite through the loopback
 * gateway and its HTTP route, the local cluster's own tests (isolation, the front doors' listeners,
 * skaffold run and dev against it, then teardown: down.test.ts last), and takes
 * the cluster down. One file at a time: they share one cluster. Never part of `npm test`.
 * CLUSTER_NODE_ONLY=1 runs only the isolation and teardown tests, without the release.
 * CLUSTER_REUSE=1 runs against the cluster that is up and leaves it up (no teardown test).
 * @type {import('jest').Config}
 */
const nodeOnly = process.env.CLUSTER_NODE_ONLY === '1';
module.exports = {
  rootDir: '../../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/cluster'],
  testMatch: nodeOnly ? ['**/local/*.test.ts'] : ['**/*.test.ts'],
  // Without the release there is no skaffold deploy, Traefik nor registry to check; a reused cluster stays up.
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(nodeOnly ? ['/local/skaffold-deploy\\.test\\.ts$', '/local/front-doors\\.test\\.ts$'] : []),
    ...(process.env.CLUSTER_REUSE === '1' ? ['/local/down\\.test\\.ts$'] : []),
  ],
  moduleNameMapper: { '^@brandradar/(contracts|platform|devstack)$': '<rootDir>/packages/$1/src' },
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
  globalSetup: '<rootDir>/test/cluster/local/global-setup.ts',
  globalTeardown: '<rootDir>/test/cluster/local/global-teardown.ts',
  testSequencer: '<rootDir>/test/cluster/local/sequencer.js',
  maxWorkers: 1,
  testTimeout: 15 * 60_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};

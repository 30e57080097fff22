/**
 * The SRE smoke suite against a real cluster; never part of `npm test`. Run:
 *   KUBECONFIG=~/.kube/config BRANDRADAR_RELEASE=brandradar BRANDRADAR_NAMESPACE=brandradar \
 *     npx jest -c test/cluster/jest.config.js
 * (test/cluster/README.md: against any cluster; `npm run test:cluster` runs it against this machine's own,
 * with local/jest.config.js). No global setup: it needs no local NATS or FerretDB.
 * @type {import('jest').Config}
 */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/cluster'],
  testMatch: ['**/*.test.ts'],
  // The local cluster's own tests (isolation, teardown) run with its config (local/jest.config.js).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/cluster/local/'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
  testTimeout: 15 * 60_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};

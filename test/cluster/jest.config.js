/**
 * The SRE smoke suite against a real cluster; never part of `npm test`. Run:
 *   KUBECONFIG=~/.kube/config BRANDRADAR_RELEASE=brandradar BRANDRADAR_NAMESPACE=brandradar \
 *     npx jest -c test/cluster/jest.config.js
 * (test/cluster/README.md: against kind or any cluster). No global setup: it needs no local NATS or FerretDB.
 * @type {import('jest').Config}
 */
module.exports = {
  rootDir: '../..',
  testEnvironment: 'node',
  roots: ['<rootDir>/test/cluster'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json' }] },
  testTimeout: 15 * 60_000,
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
};

/**
 * Benchmarks: they measure and print, and never fail on a number. Not part of
 * `npm test`. Run: `npm run bench` (builds first; uses the same local NATS and
 * FerretDB as the tests). BENCH_TRACKERS sets the load (default 10000).
 * @type {import('jest').Config}
 */
const base = require('../../jest.config.js');

module.exports = {
  ...base,
  rootDir: '../..',
  roots: ['<rootDir>/test/bench'],
  testMatch: ['**/*.bench.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 4 * 3600_000,
  // One benchmark at a time, so none measures the machine shared with another.
  maxWorkers: 1,
};

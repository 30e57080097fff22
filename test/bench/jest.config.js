/**
 * Benchmarks: they measure and print, and never fail on a number. Not part of
 * `npm test`. Run: `npm run bench` (builds first; uses the same local NATS and
 * FerretDB as the tests). BENCH_TRACKERS sets the load (default 10000).
 * @type {import('jest').Config}
 */
const os = require('node:os');
const path = require('node:path');
// The integration tier's settings (the transform, the workspace paths, the global setup that starts
// the store): the root config is a set of projects, which a config of its own cannot spread.
const { displayName: _tier, testMatch: _files, ...integration } = require('../../jest.config.js').projects.find((p) => p.displayName === 'integration');

// Where each benchmark leaves its figures for the summary (test/support/bench-figures.ts); the
// test processes inherit it.
process.env.BENCH_FIGURES_FILE ??= path.join(os.tmpdir(), `brandradar-bench-figures-${process.pid}.jsonl`);

module.exports = {
  ...integration,
  rootDir: '../..',
  roots: ['<rootDir>/test/bench'],
  testMatch: ['**/*.bench.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 4 * 3600_000,
  // One benchmark at a time, so none measures the machine shared with another.
  maxWorkers: 1,
  reporters: ['default', '<rootDir>/test/bench/figures-reporter.js'],
};

/**
 * Schemathesis against the live gateway: minutes of requests generated from the public OpenAPI
 * document, with a Python tool from PyPI. Not part of `npm test`. Run: `npm run fuzz:api` (installs
 * Schemathesis into the cache folder when missing, builds first; uses the tests' NATS and FerretDB).
 * @type {import('jest').Config}
 */
const base = require('../../jest.config.js');

module.exports = {
  ...base,
  rootDir: '../..',
  roots: ['<rootDir>/test/fuzz'],
  testMatch: ['**/*.fuzz.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 3600_000,
  maxWorkers: 1,
  reporters: ['default'],
};

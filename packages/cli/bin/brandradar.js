#!/usr/bin/env node
// The `bin` npm links: committed, so it exists when `npm install` runs on a fresh clone (npm links
// a workspace's bin only if its target exists then); the compiled CLI it loads comes later.
'use strict';
const { existsSync } = require('node:fs');
const path = require('node:path');

const main = path.join(__dirname, '../dist/main.js');
if (!existsSync(main)) {
  process.stderr.write(`brandradar: ${main} is missing: run \`npx tsc -b\` first (in the repository root)\n`);
  process.exit(2);
}
require(main);

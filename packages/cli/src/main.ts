#!/usr/bin/env node
import { EXIT, runCli } from './cli';

let finished = false;
// Node 20's fetch can leave a request unsettled for good when the server closes the connection the
// moment it accepts it; with nothing else to wait for, the process would then end with 0 and say nothing.
process.once('beforeExit', () => {
  if (finished) return;
  process.stderr.write('brandradar: the gateway closed the connection without an answer\n');
  process.exitCode = EXIT.network;
});
void runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env }).then((code) => {
  finished = true;
  process.exitCode = code;
});

const fs = require('node:fs');
const os = require('node:os');

/**
 * After every benchmark of the run: a summary of the figures each reported (test/support/bench-figures.ts),
 * with the machine and its load average when the run began and ended, since the figures of a shared
 * machine mean little without it.
 */
class FiguresReporter {
  onRunStart() {
    this.startLoad = os.loadavg();
    if (process.env.BENCH_FIGURES_FILE) fs.rmSync(process.env.BENCH_FIGURES_FILE, { force: true });
  }

  onRunComplete(_contexts, results) {
    const file = process.env.BENCH_FIGURES_FILE;
    const entries = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)) : [];
    const load = (l) => l.map((x) => x.toFixed(2)).join(', ');
    const lines = [
      '',
      `bench summary: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB; load average (1, 5, 15 min) ${load(this.startLoad)} at the start, ${load(os.loadavg())} at the end`,
      ...entries.flatMap((e) => [`[${e.bench}]`, ...e.lines]),
      `jest: ${results.numPassedTests} passed, ${results.numFailedTests + results.numRuntimeErrorTestSuites} failed`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (file) fs.rmSync(file, { force: true });
  }
}
module.exports = FiguresReporter;

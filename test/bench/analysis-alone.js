/**
 * Times the runner's analysis as production runs it: its compiled code (`npm run bench` builds
 * first) in a plain Node process, outside jest's module sandbox, once warm (the first second of a
 * cold process measured less than half the speed). Reads `{ definitions, runs }` as JSON on stdin
 * (tracker definitions; runs of answers by kind) and prints, as JSON, answers analysed per CPU
 * second for each definition and kind: each answer's metrics as the runner stores it, then the
 * run's metrics from them (as the runner ends a run, reading no text again), repeated for at least
 * a second.
 */
const { metricsOfFindings } = require('@brandradar/analysis');
const { answerMetrics } = require('../../services/runner/dist/domain/answer-metrics');
const { findingOf } = require('../../services/runner/dist/domain/reanalysis');

function perCpuSecond(d, answers) {
  const started = process.cpuUsage();
  const cpuSeconds = () => {
    const { user, system } = process.cpuUsage(started);
    return (user + system) / 1e6;
  };
  let analysed = 0;
  do {
    const findings = answers.map((a) => findingOf(answerMetrics(d, a.text, a.citations)));
    metricsOfFindings({ primitive: d.primitive, brand: d.brand, competitors: d.competitors, url: d.url, aliases: d.aliases }, answers, findings);
    analysed += answers.length;
  } while (cpuSeconds() < 1);
  return analysed / cpuSeconds();
}

let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', () => {
  const { definitions, runs } = JSON.parse(input);
  for (const d of definitions) for (const answers of Object.values(runs)) perCpuSecond(d, answers); // warm-up
  const figures = definitions.map((d) => ({ primitive: d.primitive, perSecond: Object.fromEntries(Object.entries(runs).map(([kind, answers]) => [kind, perCpuSecond(d, answers)])) }));
  process.stdout.write(JSON.stringify(figures));
});

/**
 * Times the runner's analysis as production runs it: its compiled code (`npm run bench` builds
 * first) in a plain Node process, outside jest's module sandbox, once warm (the first second of a
 * cold process measured less than half the speed). Reads `{ definitions, runs }` as JSON on stdin
 * (tracker definitions; runs of answers by kind) and prints, as JSON, answers analysed per CPU
 * second for each definition and kind: each answer's metrics as the runner stores it, then the
 * run's metrics, repeated for at least a second. For a sentiment tracker also `sentiment by name`:
 * the same, with each answer's sentiment taken by `brandSentiment` toward the brand, the tracker's
 * competitors being the other names (as the runner reads sentiment per name, api-contract §14).
 */
const { brandSentiment, computeMetrics, detectBrands, withAliases } = require('@brandradar/analysis');
const { answerMetrics } = require('../../services/runner/dist/domain/answer-metrics');

/** Each answer's facts for a sentiment tracker read per name: the brand's mentions, then its sentiment. */
function byNameMetrics(d, text) {
  const brand = withAliases(d.brand, d.aliases);
  const found = detectBrands(text, [brand])[0];
  return { mentioned: found.mentioned, sentiment: brandSentiment(text, brand, d.competitors.map((name) => withAliases(name, d.aliases)))?.label ?? null };
}

function perCpuSecond(d, answers, perAnswer = answerMetrics) {
  const started = process.cpuUsage();
  const cpuSeconds = () => {
    const { user, system } = process.cpuUsage(started);
    return (user + system) / 1e6;
  };
  let analysed = 0;
  do {
    for (const a of answers) perAnswer(d, a.text, a.citations);
    computeMetrics({ primitive: d.primitive, brand: d.brand, competitors: d.competitors, url: d.url, aliases: d.aliases, answers });
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
  for (const d of definitions.filter((d) => d.primitive === 'sentiment')) {
    for (const answers of Object.values(runs)) perCpuSecond(d, answers, byNameMetrics); // warm-up
    figures.push({ primitive: 'sentiment by name', perSecond: Object.fromEntries(Object.entries(runs).map(([kind, answers]) => [kind, perCpuSecond(d, answers, byNameMetrics)])) });
  }
  process.stdout.write(JSON.stringify(figures));
});

/**
 * `npm run eval`: brand detection scored on the labelled set, overall and per class, with every
 * label it gets wrong. Exits 1 when a target is missed.
 */
import { EVAL_CASES } from './cases';
import { detectForEval } from './detector';
import { evaluate, meetsTargets, TARGETS, type Scores } from './score';

const report = evaluate(EVAL_CASES, detectForEval);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7);
const row = (label: string, cases: number, s: Scores) =>
  `${label.padEnd(14)} ${String(cases).padStart(5)} ${String(s.labels).padStart(6)} ${pct(s.precision)} ${pct(s.recall)} ${pct(s.positions)}   (tp ${s.truePositives}, fp ${s.falsePositives}, fn ${s.falseNegatives}, positions ${s.positionsExact}/${s.positionsLabelled})`;

const lines = [
  `class           cases labels precision recall positions`,
  row('overall', report.cases, report.overall),
  ...report.byClass.map((c) => row(c.evalClass, c.cases, c.scores)),
  '',
  `targets: precision ≥ ${pct(TARGETS.precision).trim()}, recall ≥ ${pct(TARGETS.recall).trim()}, positions exact ≥ ${pct(TARGETS.positions).trim()}`,
  '',
  report.misses.length === 0 ? 'misclassified: none' : `misclassified (${report.misses.length}):`,
  ...report.misses.map((m) => `  ${m.caseId.padEnd(10)} ${m.kind.padEnd(15)} ${JSON.stringify(m.name)} expected ${m.expected ?? '-'}, detected ${m.detected ?? '-'}`),
];
console.log(lines.join('\n'));
process.exitCode = meetsTargets(report.overall) ? 0 : 1;

/**
 * `npm run eval`: brand detection scored on the labelled set, overall and per class, then the
 * discovery of untracked names, then entity sentiment, each with every label it gets wrong. Exits 1
 * when a target is missed.
 */
import { EVAL_CASES } from './cases';
import { detectForEval } from './detector';
import { DISCOVERY_TARGETS, evaluateDiscovery, meetsDiscoveryTargets, type DiscoveryScores } from './discovery';
import { evaluate, meetsTargets, TARGETS, type Scores } from './score';
import { FRESH_SENTIMENT_CASES, SENTIMENT_CASES } from './sentiment-cases';
import { evaluateSentiment, meetsSentimentGate, SENTIMENT_TARGETS, type SentimentScores } from './sentiment';

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
const discovery = evaluateDiscovery(EVAL_CASES);
const discoveryRow = (label: string, s: DiscoveryScores) =>
  `${label.padEnd(19)} ${String(s.cases).padStart(5)} ${String(s.labels).padStart(6)} ${pct(s.precision)} ${pct(s.recall)}   (tp ${s.truePositives}, fp ${s.falsePositives}, fn ${s.falseNegatives})`;
lines.push(
  '',
  'discovered names    cases labels precision recall',
  discoveryRow('overall', discovery.overall),
  ...discovery.bySurface.map((s) => discoveryRow(s.surface, s.scores)),
  '',
  `targets: precision ≥ ${pct(DISCOVERY_TARGETS.precision).trim()}, recall ≥ ${pct(DISCOVERY_TARGETS.recall).trim()}`,
  '',
  discovery.misses.length === 0 ? 'missed: none' : `missed (${discovery.misses.length}):`,
  ...discovery.misses.map((m) => `  ${m.caseId.padEnd(10)} ${m.kind.padEnd(15)} ${JSON.stringify(m.name)}`),
);
const sentiment = evaluateSentiment(SENTIMENT_CASES);
const sentimentRow = (label: string, s: SentimentScores) =>
  `${label.padEnd(20)} ${String(s.labels).padStart(6)} ${pct(s.macroF1)} ${pct(s.accuracy)} ${pct(s.f1.positive)} ${pct(s.f1.neutral)} ${pct(s.f1.negative)} ${pct(s.multiBrand.accuracy)} (${s.multiBrand.labels})`;
lines.push(
  '',
  'entity sentiment     labels macro-F1 accuracy F1 pos F1 neu F1 neg multi-brand accuracy (labels)',
  sentimentRow('overall', sentiment.overall),
  sentimentRow('held out', sentiment.heldOut),
  sentimentRow('brand alone', sentiment.brandAlone),
  // Written after the rules were frozen; not gated, and its misses are not printed, so no one tunes on them.
  sentimentRow('fresh (blind)', evaluateSentiment(FRESH_SENTIMENT_CASES).overall),
  '',
  `targets (overall and brand alone): macro-F1 ≥ ${pct(SENTIMENT_TARGETS.macroF1).trim()}, multi-brand accuracy ≥ ${pct(SENTIMENT_TARGETS.multiBrandAccuracy).trim()}`,
  '',
  sentiment.misses.length === 0 ? 'misjudged: none' : `misjudged (${sentiment.misses.length}):`,
  ...sentiment.misses.map((m) => `  ${m.caseId.padEnd(20)} ${JSON.stringify(m.name)} expected ${m.expected}, found ${m.found ?? 'no mention'}`),
);
console.log(lines.join('\n'));
process.exitCode = meetsTargets(report.overall) && meetsDiscoveryTargets(discovery.overall) && meetsSentimentGate(sentiment) ? 0 : 1;

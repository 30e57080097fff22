import { EVAL_CASES } from './cases';
import { detectForEval } from './detector';
import { evaluate, TARGETS } from './score';
import { EVAL_CLASSES } from './types';

// The regression gate of `npm run eval`: detection must not fall below its targets on the labelled set.
const report = evaluate(EVAL_CASES, detectForEval);

it('the labelled set is large enough and covers every class', () => {
  expect(report.cases).toBeGreaterThanOrEqual(150);
  expect(report.overall.labels).toBeGreaterThanOrEqual(400);
  expect(new Set(EVAL_CASES.map((c) => c.id)).size).toBe(EVAL_CASES.length);
  for (const { evalClass, cases } of report.byClass) expect([evalClass, cases >= 5]).toEqual([evalClass, true]);
  expect(report.byClass.map((c) => c.evalClass)).toEqual([...EVAL_CLASSES]);
});

it.each(['precision', 'recall', 'positions'] as const)('%s meets its target overall', (measure) => {
  expect(report.overall[measure]).toBeGreaterThanOrEqual(TARGETS[measure]);
});

import { EVAL_CLASSES, type EvalCase, type EvalClass } from './types';

/** A tracked name and the other names it goes by. */
interface TrackedNameForms {
  name: string;
  aliases: readonly string[];
}

/** What a detector says about each tracked name of an answer, in their order. */
export type Detector = (text: string, names: readonly TrackedNameForms[]) => { mentioned: boolean; position: number | null }[];

/** The release gate: detection below any of these fails `npm run eval` and its unit test. */
export const TARGETS = { precision: 0.97, recall: 0.95, positions: 0.97 } as const;

export interface Scores {
  labels: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** Labels of mentioned names whose detected place equals the labelled one (null included). */
  positionsExact: number;
  positionsLabelled: number;
  positions: number;
}

/** One label the detector got wrong. */
interface Miss {
  caseId: string;
  name: string;
  kind: 'false positive' | 'false negative' | 'position';
  expected: number | null;
  detected: number | null;
}

export interface EvalReport {
  cases: number;
  overall: Scores;
  byClass: { evalClass: EvalClass; cases: number; scores: Scores }[];
  misses: Miss[];
}

interface Outcome {
  caseId: string;
  classes: readonly EvalClass[];
  name: string;
  expected: { mentioned: boolean; position: number | null };
  detected: { mentioned: boolean; position: number | null };
}

/** Runs `detect` over `cases` and scores it against their labels, overall and per class. */
export function evaluate(cases: readonly EvalCase[], detect: Detector): EvalReport {
  const outcomes: Outcome[] = cases.flatMap((c) => {
    const names = c.labels.map(({ name }) => ({ name, aliases: c.aliases?.find((a) => a.name === name)?.aliases ?? [] }));
    const detected = detect(c.text, names);
    return c.labels.map((label, i) => ({ caseId: c.id, classes: c.classes, name: label.name, expected: label, detected: detected[i]! }));
  });
  return {
    cases: cases.length,
    overall: scoresOf(outcomes),
    byClass: EVAL_CLASSES.map((evalClass) => ({
      evalClass,
      cases: cases.filter((c) => c.classes.includes(evalClass)).length,
      scores: scoresOf(outcomes.filter((o) => o.classes.includes(evalClass))),
    })),
    misses: outcomes.flatMap(missOf),
  };
}

function scoresOf(outcomes: readonly Outcome[]): Scores {
  const count = (test: (o: Outcome) => boolean) => outcomes.filter(test).length;
  const truePositives = count((o) => o.expected.mentioned && o.detected.mentioned);
  const falsePositives = count((o) => !o.expected.mentioned && o.detected.mentioned);
  const falseNegatives = count((o) => o.expected.mentioned && !o.detected.mentioned);
  const positionsLabelled = count((o) => o.expected.mentioned);
  const positionsExact = count((o) => o.expected.mentioned && o.detected.position === o.expected.position);
  return {
    labels: outcomes.length,
    truePositives,
    falsePositives,
    falseNegatives,
    precision: ratio(truePositives, truePositives + falsePositives),
    recall: ratio(truePositives, truePositives + falseNegatives),
    positionsExact,
    positionsLabelled,
    positions: ratio(positionsExact, positionsLabelled),
  };
}

/** 1 when there is nothing to get wrong. */
function ratio(count: number, n: number): number {
  return n === 0 ? 1 : count / n;
}

function missOf(o: Outcome): Miss[] {
  const base = { caseId: o.caseId, name: o.name, expected: o.expected.position, detected: o.detected.position };
  if (o.expected.mentioned !== o.detected.mentioned) return [{ ...base, kind: o.expected.mentioned ? 'false negative' : 'false positive' }];
  if (o.expected.mentioned && o.expected.position !== o.detected.position) return [{ ...base, kind: 'position' }];
  return [];
}

/** Whether `scores` meets every target. */
export function meetsTargets(scores: Scores): boolean {
  return scores.precision >= TARGETS.precision && scores.recall >= TARGETS.recall && scores.positions >= TARGETS.positions;
}

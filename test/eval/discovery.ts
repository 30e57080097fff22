/**
 * Discovered names (api-contract §12) scored on the cases labelled for them: a discovered name is
 * right when a label folds to the same key (`Hub Spot` and `HubSpot` are one name), whatever the
 * form written.
 */
import { discoverNames, nameKey } from '@brandradar/analysis';
import type { EvalCase } from './types';

/** The release gate of discovery: below either, `npm run eval` and its unit test fail. */
export const DISCOVERY_TARGETS = { precision: 0.95, recall: 0.85 } as const;

export interface DiscoveryScores {
  /** Cases labelled for discovery, and their labels. */
  cases: number;
  labels: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
}

interface DiscoveryMiss {
  caseId: string;
  name: string;
  kind: 'false positive' | 'false negative';
}

export interface DiscoveryReport {
  overall: DiscoveryScores;
  bySurface: { surface: EvalCase['surface']; scores: DiscoveryScores }[];
  misses: DiscoveryMiss[];
}

interface CaseOutcome {
  surface: EvalCase['surface'];
  labels: number;
  misses: DiscoveryMiss[];
  truePositives: number;
}

/** Discovery over every case that has `discovered` labels, with the case's tracked names and aliases. */
export function evaluateDiscovery(cases: readonly EvalCase[]): DiscoveryReport {
  const outcomes = cases.filter((c) => c.discovered !== undefined).map(outcomeOf);
  const surfaces = [...new Set(outcomes.map((o) => o.surface))].sort();
  return {
    overall: scoresOf(outcomes),
    bySurface: surfaces.map((surface) => ({ surface, scores: scoresOf(outcomes.filter((o) => o.surface === surface)) })),
    misses: outcomes.flatMap((o) => o.misses),
  };
}

function outcomeOf(c: EvalCase): CaseOutcome {
  const tracked = c.labels.map(({ name }) => ({ name, aliases: c.aliases?.find((a) => a.name === name)?.aliases ?? [] }));
  const expected = new Map(c.discovered!.map((name) => [nameKey(name), name]));
  const found = new Map(discoverNames(c.text, tracked).map((d) => [d.key, d.name]));
  const misses: DiscoveryMiss[] = [
    ...[...found].filter(([key]) => !expected.has(key)).map(([, name]): DiscoveryMiss => ({ caseId: c.id, name, kind: 'false positive' })),
    ...[...expected].filter(([key]) => !found.has(key)).map(([, name]): DiscoveryMiss => ({ caseId: c.id, name, kind: 'false negative' })),
  ];
  return { surface: c.surface, labels: expected.size, misses, truePositives: [...found.keys()].filter((key) => expected.has(key)).length };
}

function scoresOf(outcomes: readonly CaseOutcome[]): DiscoveryScores {
  const sum = (f: (o: CaseOutcome) => number) => outcomes.reduce((total, o) => total + f(o), 0);
  const truePositives = sum((o) => o.truePositives);
  const falsePositives = sum((o) => o.misses.filter((m) => m.kind === 'false positive').length);
  const falseNegatives = sum((o) => o.misses.filter((m) => m.kind === 'false negative').length);
  return {
    cases: outcomes.length,
    labels: sum((o) => o.labels),
    truePositives,
    falsePositives,
    falseNegatives,
    precision: ratio(truePositives, truePositives + falsePositives),
    recall: ratio(truePositives, truePositives + falseNegatives),
  };
}

/** 1 when there is nothing to get wrong. */
function ratio(count: number, n: number): number {
  return n === 0 ? 1 : count / n;
}

export function meetsDiscoveryTargets(s: DiscoveryScores): boolean {
  return s.precision >= DISCOVERY_TARGETS.precision && s.recall >= DISCOVERY_TARGETS.recall;
}

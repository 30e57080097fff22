import { SURFACES, type Surface } from '@brandradar/contracts';
import { brandsInPrompt, marketFor } from './brands';
import { cellKey, latentLineup } from './latent';
import { simulateAnswer } from './simulated';

/**
 * How much drawn answers agree, measured the way SparkToro/Gumshoe measured real surfaces (Jan 2026,
 * ~3,000 answers to 12 prompts): by default 12 prompts × 5 surfaces × 10 runs × 5 samples = 3,000
 * answers. README.md quotes the figures; the unit test holds them to their bounds.
 */
export type Agreement = {
  answers: number;
  /** Brands an answer names, on average. */
  brandsPerAnswer: number;
  /** Pairs of answers of one cell that name the same brands (real: under 1 in 100). */
  identicalBrandLists: number;
  /** Pairs that name the same brands in the same order (real: about 1 in 1,000). */
  identicalOrder: number;
  /** Per cell, the share of its answers naming its most named brand (real: 55–77%). */
  topBrandRate: { min: number; median: number; max: number };
  /** Mean Jaccard overlap of the brands two answers from different runs of one cell name. */
  overlapAcrossRuns: number;
};

/** Prompts like a tracker's: generic ones, ones naming brands, known markets and an invented one. */
export const AGREEMENT_PROMPTS = [
  'Best CRM for a small team: HubSpot or Salesforce?',
  'Which CRM should a startup pick, Pipedrive or HubSpot?',
  'Top CRM software for sales pipelines',
  'Is Salesforce worth it as a CRM for agencies?',
  'What is the best CRM for startups?',
  'Is HubSpot better than Acme Cloud for a small sales team?',
  'Which project management tool should a remote agency use?',
  'Best VPN for streaming',
  'Which espresso grinder should I buy under $300?',
  'Top running shoes for a first marathon',
  'Best password manager for a family',
  'Which laptop should a student buy?',
];

export function measureAgreement(prompts: readonly string[] = AGREEMENT_PROMPTS, runs = 10, samples = 5): Agreement {
  const cells = prompts.flatMap((prompt) => SURFACES.map((surface) => answersOfCell(surface, prompt, runs, samples)));
  const pairs = cells.flatMap((answers) => answers.flatMap((a, i) => answers.slice(i + 1).map((b) => [a, b] as const)));
  const acrossRuns = pairs.filter(([a, b]) => a.run !== b.run);
  const topRates = cells.map((answers) => topBrandRate(answers.map((a) => a.brands))).sort((x, y) => x - y);
  return {
    answers: cells.flat().length,
    brandsPerAnswer: cells.flat().reduce((sum, a) => sum + a.brands.length, 0) / cells.flat().length,
    identicalBrandLists: pairs.filter(([a, b]) => sameSet(a.brands, b.brands)).length / pairs.length,
    identicalOrder: pairs.filter(([a, b]) => a.brands.join('\u0000') === b.brands.join('\u0000')).length / pairs.length,
    topBrandRate: { min: topRates[0]!, median: topRates[Math.floor(topRates.length / 2)]!, max: topRates[topRates.length - 1]! },
    overlapAcrossRuns: acrossRuns.reduce((sum, [a, b]) => sum + jaccard(a.brands, b.brands), 0) / acrossRuns.length,
  };
}

/** Each answer's brands in the order its text names them, read from the text as an analysis would. */
function answersOfCell(surface: Surface, prompt: string, runs: number, samples: number): { run: number; brands: string[] }[] {
  const named = brandsInPrompt(prompt);
  const candidates = latentLineup(marketFor(prompt, named), named, cellKey(surface, prompt)).map((l) => l.product.name);
  return Array.from({ length: runs * samples }, (_, i) => {
    const run = Math.floor(i / samples) + 1;
    const { text } = simulateAnswer(surface, prompt, { runId: `agreement-run-${run}`, sample: (i % samples) + 1 });
    return { run, brands: brandsInOrder(text, candidates) };
  });
}

/** The candidates `text` names, in the order it first names them. */
export function brandsInOrder(text: string, candidates: readonly string[]): string[] {
  return candidates
    .map((name) => ({ name, at: text.search(new RegExp(`(?<![\\w.])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`)) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name);
}

function topBrandRate(lists: readonly string[][]): number {
  const counts = new Map<string, number>();
  for (const name of lists.flat()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return Math.max(...counts.values()) / lists.length;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((name) => b.includes(name));
}

function jaccard(a: readonly string[], b: readonly string[]): number {
  const shared = a.filter((name) => b.includes(name)).length;
  return shared / (a.length + b.length - shared);
}

/** What drawn answers searched and read, per surface that reports it (figures in README.md). */
export type ResearchFigures = {
  answers: number;
  searchesPerAnswer: { mean: number; min: number; max: number };
  /** Mean share of an answer's searches that the same sample of the next run did not run (real: 45–73%). */
  changedAcrossRuns: number;
  /** Pages read per answer, cited or not, and of them read and not cited. */
  consultedPerAnswer: number;
  uncitedPerAnswer: number;
};

export function measureResearch(surface: Surface, prompts: readonly string[] = AGREEMENT_PROMPTS, runs = 10, samples = 5): ResearchFigures {
  const cells = prompts.map((prompt) =>
    Array.from({ length: runs }, (_, run) => Array.from({ length: samples }, (_, sample) => simulateAnswer(surface, prompt, { runId: `agreement-run-${run + 1}`, sample: sample + 1 }))),
  );
  const answers = cells.flat(2);
  const counts = answers.map((a) => a.searchQueries.length);
  const changes = cells.flatMap((byRun) =>
    byRun.slice(1).flatMap((answersOfRun, run) =>
      answersOfRun.map((answer, sample) => {
        const before = new Set(byRun[run]![sample]!.searchQueries);
        return answer.searchQueries.filter((q) => !before.has(q)).length / answer.searchQueries.length;
      }),
    ),
  );
  const consulted = answers.map((a) => a.consultedSources?.length ?? 0);
  const cited = answers.map((a) => a.citations.length);
  const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
  return {
    answers: answers.length,
    searchesPerAnswer: { mean: mean(counts), min: Math.min(...counts), max: Math.max(...counts) },
    changedAcrossRuns: mean(changes),
    consultedPerAnswer: mean(consulted),
    uncitedPerAnswer: mean(consulted) - mean(cited),
  };
}

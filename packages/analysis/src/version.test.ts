import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EVAL_CASES } from '../../../test/eval/cases';
import type { EvalCase } from '../../../test/eval/types';
import { brandSentiment } from './brand-sentiment';
import { computeDelta } from './delta';
import { detectBrands } from './detect';
import { computeMetrics, type AnalysedAnswer, type AnalysisInput } from './metrics';
import type { RunMetrics } from './schemas';
import { ANALYSIS_VERSION, LEGACY_ANALYSIS_VERSION } from './version';

/**
 * The guard of ANALYSIS_VERSION: what the detection and metric rules output on the labelled
 * evaluation set (test/eval/cases), hashed, must be what was recorded for the current version in
 * version-fingerprints.json. A rule whose output changes fails here until the version is bumped.
 *
 * Two hashes per version: `evalSet`, of what the rules read from the set (texts, names, aliases,
 * surfaces), and `outputs`, of what they give. While `evalSet` is the recorded one, a different
 * `outputs` can only come from a rule. Adding or editing cases changes both, and then only the
 * developer knows whether a rule changed too; the failure says what to do either way.
 */

const FINGERPRINTS_FILE = path.join(__dirname, 'version-fingerprints.json');

interface Fingerprint {
  evalSet: string;
  outputs: string;
}

/** JSON with every object's keys sorted, so a hash depends on values only (not on the order a refactoring builds them in). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));
}

const sha256 = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');

type Aliases = NonNullable<AnalysisInput['aliases']>;

/** The names of `cases` in order of first appearance, each once, with every alias any case gives it. */
function trackedNames(cases: readonly EvalCase[]): { names: string[]; aliases: Aliases } {
  const aliases = new Map<string, string[]>();
  for (const c of cases) {
    for (const { name } of c.labels) if (!aliases.has(name)) aliases.set(name, []);
    for (const a of c.aliases ?? []) {
      const known = aliases.get(a.name) ?? aliases.set(a.name, []).get(a.name)!;
      for (const alias of a.aliases) if (!known.includes(alias)) known.push(alias);
    }
  }
  return { names: [...aliases.keys()], aliases: [...aliases].map(([name, list]) => ({ name, aliases: list })) };
}

/**
 * The cases as a run's answers. `cell: 'case'` makes each its own prompt (one answer per cell, as
 * runs of one sample); `cell: 'industry'` asks one prompt per industry, so the cases of an industry
 * and surface are the samples of one cell (clustered figures, stability).
 */
function answersOf(cases: readonly EvalCase[], cell: 'case' | 'industry'): AnalysedAnswer[] {
  const samples = new Map<string, number>();
  return cases.map((c) => {
    const prompt = cell === 'case' ? c.id : c.industry;
    const key = `${prompt}\n${c.surface}`;
    const sample = (samples.get(key) ?? 0) + 1;
    samples.set(key, sample);
    return { prompt, surface: c.surface, sample, text: c.text, citations: [] };
  });
}

/** What the rules read from the set: a label's verdicts are not among it, so correcting one changes nothing here. */
function evalSetInputs(cases: readonly EvalCase[]) {
  return cases.map((c) => ({ id: c.id, industry: c.industry, surface: c.surface, aliases: c.aliases ?? [], names: c.labels.map((l) => l.name), text: c.text }));
}

/** The names labelled in at least `atLeast` cases of the set, in order of first appearance: those tracked over the whole set. */
function namesLabelledIn(cases: readonly EvalCase[], atLeast: number): string[] {
  const counts = new Map<string, number>();
  for (const c of cases) for (const { name } of c.labels) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].filter(([, n]) => n >= atLeast).map(([name]) => name);
}

/**
 * What the rules give on the set:
 * - per case, each of its names' detection (mentioned, position, spans), sentiment class and its evidence;
 * - per industry, one prompt asked on each surface, the cases its samples (clustered cells): the
 *   rankings and compare metrics of every name the industry's cases track, and the sentiment
 *   metrics of the first (the compare brand);
 * - over every case, with the names labelled in at least 5 cases (a name tracked where its
 *   industry's answers do not mean it, too): rankings metrics of the even and of the odd cases and
 *   their delta, once with one answer per cell (one sample) and once with the industry cells above;
 *   and the same for the sentiment of the names labelled in at least 10 cases.
 * Every name is tracked with every alias any case gives it. The set has no citations, so the
 * citation rules (urls.ts, citation metrics) are not covered here; their own tests are.
 */
function ruleOutputs(cases: readonly EvalCase[]) {
  const perCase = cases.map((c) => {
    const brands = c.labels.map(({ name }) => ({ name, aliases: c.aliases?.find((a) => a.name === name)?.aliases ?? [] }));
    const detections = detectBrands(c.text, brands);
    return {
      id: c.id,
      names: brands.map((brand, j) => {
        // As a sentiment tracker reads its brand: no other names (it has no competitors).
        const read = brandSentiment(c.text, brand);
        return { name: brand.name, ...detections[j]!, sentiment: read?.label ?? null, sentimentEvidence: read?.evidence ?? [] };
      }),
    };
  });

  const { aliases } = trackedNames(cases);
  const industries = [...new Set(cases.map((c) => c.industry))];
  const perIndustry = industries.map((industry) => {
    const group = cases.filter((c) => c.industry === industry);
    const { names } = trackedNames(group);
    const answers = answersOf(group, 'industry');
    return {
      industry,
      rankings: computeMetrics({ primitive: 'rankings', brand: null, competitors: names, url: null, aliases, answers }),
      compare: computeMetrics({ primitive: 'compare', brand: names[0]!, competitors: names.slice(1), url: null, aliases, answers }),
      sentiment: computeMetrics({ primitive: 'sentiment', brand: names[0]!, competitors: [], url: null, aliases, answers }),
    };
  });

  const halves = (input: Omit<AnalysisInput, 'answers'>, cell: 'case' | 'industry') => {
    const [previous, current] = [0, 1].map((parity) => computeMetrics({ ...input, answers: answersOf(cases.filter((_, i) => i % 2 === parity), cell) })) as [RunMetrics, RunMetrics];
    return { previous, current, delta: computeDelta(current, previous) };
  };
  const rankings: Omit<AnalysisInput, 'answers'> = { primitive: 'rankings', brand: null, competitors: namesLabelledIn(cases, 5), url: null, aliases };
  const sentiment = namesLabelledIn(cases, 10).map((brand): Omit<AnalysisInput, 'answers'> => ({ primitive: 'sentiment', brand, competitors: [], url: null, aliases }));
  const overall = (['case', 'industry'] as const).map((cell) => ({ cell, rankings: halves(rankings, cell), sentiment: sentiment.map((input) => halves(input, cell)) }));
  return { perCase, perIndustry, overall };
}

function fingerprint(cases: readonly EvalCase[] = EVAL_CASES): Fingerprint {
  return { evalSet: sha256(evalSetInputs(cases)), outputs: sha256(ruleOutputs(cases)) };
}

const fileText = readFileSync(FINGERPRINTS_FILE, 'utf8');
const recorded = JSON.parse(fileText) as Record<string, Fingerprint>;
const versions = Object.keys(recorded);

/** The entry to record, ready to paste. */
const entry = (version: string, fp: Fingerprint) => `"${version}": ${JSON.stringify(fp, null, 2).replace(/\n/g, '\n  ')}`;

describe('ANALYSIS_VERSION', () => {
  it('is a version, and not the one of results computed before versions', () => {
    expect(ANALYSIS_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
    expect(ANALYSIS_VERSION).not.toBe(LEGACY_ANALYSIS_VERSION);
  });

  it('version-fingerprints.json records each version once, the current one last', () => {
    // JSON.parse keeps the last of two equal keys silently; written back, the text would differ.
    if (fileText !== `${JSON.stringify(recorded, null, 2)}\n`) {
      throw new Error(`${FINGERPRINTS_FILE} must hold each version once, formatted as JSON.stringify(value, null, 2) with a final newline`);
    }
    for (const version of versions) {
      const fp = recorded[version]!;
      expect([version, typeof fp.evalSet, typeof fp.outputs]).toEqual([version, 'string', 'string']);
      expect([version, fp.evalSet, fp.outputs]).toEqual([version, expect.stringMatching(/^[0-9a-f]{64}$/), expect.stringMatching(/^[0-9a-f]{64}$/)]);
    }
    if (recorded[ANALYSIS_VERSION] !== undefined && versions.at(-1) !== ANALYSIS_VERSION) {
      throw new Error(`ANALYSIS_VERSION ${ANALYSIS_VERSION} must be the last entry of ${FINGERPRINTS_FILE}: versions are kept in the order they were released`);
    }
  });

  it("matches the rules' outputs on the evaluation set", () => {
    const now = fingerprint();
    const mine = recorded[ANALYSIS_VERSION];
    if (mine === undefined) {
      throw new Error(`ANALYSIS_VERSION ${ANALYSIS_VERSION} has no recorded fingerprint: record it as the last entry of ${FINGERPRINTS_FILE}:\n  ${entry(ANALYSIS_VERSION, now)}`);
    }
    if (mine.evalSet === now.evalSet && mine.outputs !== now.outputs) {
      throw new Error(
        `The rules' outputs changed: bump ANALYSIS_VERSION in version.ts (now ${ANALYSIS_VERSION}) and record the new fingerprint under it, as the last entry of ${FINGERPRINTS_FILE}:\n` +
          `  ${entry('<new version>', now)}\n` +
          'Keep the older entries, and say in the commit message which rule changed: stored runs keep their version until they are reanalysed.',
      );
    }
    if (mine.evalSet !== now.evalSet) {
      throw new Error(
        `The evaluation set (test/eval/cases) changed, so this test cannot tell whether a rule changed too.\n` +
          `- If this change also changes what a detection or metric rule outputs: bump ANALYSIS_VERSION in version.ts (now ${ANALYSIS_VERSION}) and record, as the last entry of ${FINGERPRINTS_FILE}:\n` +
          `  ${entry('<new version>', now)}\n` +
          `- If it only adds or edits cases: replace the entry of ${ANALYSIS_VERSION} with\n` +
          `  ${entry(ANALYSIS_VERSION, now)}`,
      );
    }
  });
});

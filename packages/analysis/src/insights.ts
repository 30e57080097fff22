/**
 * Insights over a tracker's newest runs (api-contract §12): the names its answers put forward that
 * it does not track, and the domains cited where competitors are named but the brand is not.
 */
import { detectBrands, type TrackedBrand } from './detect';
import { discoverBeside, type DiscoveredSpan } from './discover';
import { CAUSATION_NOTE, type Interval } from './schemas';
import { compareText, mostWritten, ranked } from './ranking';
import { researchInsights, type ConsultedNotCitedInsight, type ResearchAnswer, type SearchInsight } from './research';
import { round } from './stats';
import { cellsOf, citedPages, countBy, perCell, rate, withAliases, type AnalysisInput } from './metrics';

const INSIGHT_LISTS = { names: 20, gaps: 20, examples: 3, gapUrls: 5, excerptChars: 240 } as const;

/** One succeeded answer of one of the runs, newest run first. */
export interface InsightAnswer<S extends string = string> extends ResearchAnswer<S> {
  runId: string;
  sample: number;
  text: string;
}

export type InsightNames = Pick<AnalysisInput, 'primitive' | 'brand' | 'competitors' | 'aliases'>;

interface DiscoveredNameInsight<S extends string = string> {
  name: string;
  answers: number;
  n: number;
  rate: number;
  clusters: number;
  interval: Interval | null;
  surfaces: S[];
  bySurface: Record<string, { answers: number; n: number }>;
  examples: { runId: string; prompt: string; model: S; sample: number; start: number; end: number; excerpt: { text: string; start: number; end: number } }[];
}

interface CitationGapInsight {
  domain: string;
  answers: number;
  names: string[];
  urls: string[];
}

export interface InsightFindings<S extends string = string> {
  answers: number;
  discoveredNames: DiscoveredNameInsight<S>[];
  citationGaps: CitationGapInsight[] | null;
  gapAnswers: number | null;
  searches: SearchInsight<S>[];
  consultedNotCited: ConsultedNotCitedInsight[];
  note: typeof CAUSATION_NOTE;
}

/** What one answer holds for insights: the names it puts forward, and which tracked names it mentions. */
export interface AnswerInsight {
  discovered: DiscoveredSpan[];
  /** The brand (if any) then the competitors, in tracker order. */
  mentioned: boolean[];
}

/** The tracked names as detection takes them: the brand (if any), then the competitors, with their aliases. */
function trackedBrands(names: InsightNames): TrackedBrand[] {
  return [...(names.brand === null ? [] : [names.brand]), ...names.competitors].map((n) => withAliases(n, names.aliases));
}

/** One answer's part of the insights: detection and discovery on one folding of its text. */
export function answerInsight(names: InsightNames, text: string): AnswerInsight {
  const brands = trackedBrands(names);
  const detections = detectBrands(text, brands);
  return { discovered: discoverBeside(text, brands, detections), mentioned: detections.map((d) => d.mentioned) };
}

/** Insights from the answers of a tracker's runs, with its current names; `found` is each answer's {@link answerInsight} when already computed. */
export function computeInsights<S extends string>(names: InsightNames, answers: readonly InsightAnswer<S>[], found?: readonly AnswerInsight[]): InsightFindings<S> {
  const perAnswer = found ?? answers.map((a) => answerInsight(names, a.text));
  const discovered = perAnswer.map((f) => f.discovered);
  const hasGaps = names.primitive === 'compare' || names.primitive === 'sentiment';
  const gaps = hasGaps ? citationGaps(names, answers, perAnswer) : null;
  return {
    answers: answers.length,
    discoveredNames: discoveredNames(answers, discovered),
    citationGaps: gaps?.gaps ?? null,
    gapAnswers: gaps?.answers ?? null,
    ...researchInsights(answers),
    note: CAUSATION_NOTE,
  };
}

function discoveredNames<S extends string>(answers: readonly InsightAnswer<S>[], discovered: readonly DiscoveredSpan[][]): DiscoveredNameInsight<S>[] {
  const cells = cellsOf(answers);
  const answersPerCell = perCell(answers.map(() => 1), cells);
  const bySurfaceN = countBy(answers.map((a) => a.surface));
  // Each name: the answers putting it forward (their indices) and how each wrote it.
  const found = new Map<string, { at: number[]; spans: DiscoveredSpan[] }>();
  discovered.forEach((spans, i) => {
    for (const span of spans) {
      const entry = found.get(span.key) ?? found.set(span.key, { at: [], spans: [] }).get(span.key)!;
      entry.at.push(i);
      entry.spans.push(span);
    }
  });
  const insights = [...found.values()].map(({ at, spans }): DiscoveredNameInsight<S> => {
    const putForward = new Set(at);
    const hits = perCell(answers.map((_, i) => (putForward.has(i) ? 1 : 0)), cells);
    const proportion = rate(hits, answersPerCell);
    const surfaceCounts = countBy<S>(at.map((i) => answers[i]!.surface));
    const surfaces = [...surfaceCounts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([surface]) => surface);
    return {
      name: mostWritten(spans.map((s) => s.name)),
      answers: at.length,
      n: answers.length,
      rate: round(at.length / answers.length, 4),
      clusters: proportion.clusters ?? cells.count,
      interval: proportion.interval,
      surfaces,
      bySurface: Object.fromEntries([...bySurfaceN.keys()].sort().map((surface) => [surface, { answers: surfaceCounts.get(surface) ?? 0, n: bySurfaceN.get(surface)! }])),
      examples: at.slice(0, INSIGHT_LISTS.examples).map((i, k) => example(answers[i]!, spans[k]!)),
    };
  });
  insights.sort((a, b) => b.answers - a.answers || compareText(a.name, b.name));
  return insights.slice(0, INSIGHT_LISTS.names);
}

/** Where the evidence is: offsets into the answer, and the line around it. */
function example<S extends string>(a: InsightAnswer<S>, span: DiscoveredSpan): DiscoveredNameInsight<S>['examples'][number] {
  const lineStart = a.text.lastIndexOf('\n', span.start - 1) + 1;
  const lineEndAt = a.text.indexOf('\n', span.end);
  const lineEnd = lineEndAt < 0 ? a.text.length : lineEndAt;
  const room = Math.max(0, INSIGHT_LISTS.excerptChars - (span.end - span.start));
  const from = Math.max(lineStart, span.start - Math.floor(room / 3));
  const to = Math.min(lineEnd, from + INSIGHT_LISTS.excerptChars);
  return {
    runId: a.runId,
    prompt: a.prompt,
    model: a.surface,
    sample: a.sample,
    start: span.start,
    end: span.end,
    excerpt: { text: a.text.slice(from, to), start: span.start - from, end: span.end - from },
  };
}

/**
 * Domains cited in answers that mention a competitor but not the brand. A sentiment tracker has no
 * competitors: the names the answer puts forward stand in for them.
 */
function citationGaps(names: InsightNames, answers: readonly InsightAnswer[], found: readonly AnswerInsight[]) {
  const discovered = found.map((f) => f.discovered);
  const byDomain = new Map<string, { answers: number; names: Map<string, number>; urls: Map<string, number> }>();
  // A discovered name is shown in the form the answers write most often, as in `discoveredNames`.
  const forms = new Map<string, string[]>();
  for (const d of discovered.flat()) (forms.get(d.key) ?? forms.set(d.key, []).get(d.key)!).push(d.name);
  const written = new Map([...forms].map(([key, all]) => [key, mostWritten(all)]));
  let gapAnswers = 0;
  answers.forEach((a, i) => {
    const { mentioned } = found[i]!;
    if (mentioned[0]) return; // the brand is named (it comes first: these primitives have one)
    const others = names.primitive === 'sentiment' ? discovered[i]!.map((d) => written.get(d.key)!) : names.competitors.filter((_, k) => mentioned[k + 1]);
    if (others.length === 0) return;
    gapAnswers++;
    // Each page once (its http and https forms are one), linked as the answer cited it.
    const domains = new Map<string, string[]>();
    for (const { cited, domain } of citedPages(a.citations)) (domains.get(domain) ?? domains.set(domain, []).get(domain)!).push(cited);
    for (const [domain, urls] of domains) {
      const entry = byDomain.get(domain) ?? byDomain.set(domain, { answers: 0, names: new Map(), urls: new Map() }).get(domain)!;
      entry.answers++;
      for (const name of others) entry.names.set(name, (entry.names.get(name) ?? 0) + 1);
      for (const url of urls) entry.urls.set(url, (entry.urls.get(url) ?? 0) + 1);
    }
  });
  const gaps = [...byDomain.entries()].map(([domain, e]) => ({
    domain,
    answers: e.answers,
    names: ranked(e.names),
    urls: ranked(e.urls).slice(0, INSIGHT_LISTS.gapUrls),
  }));
  gaps.sort((a, b) => b.answers - a.answers || compareText(a.domain, b.domain));
  return { gaps: gaps.slice(0, INSIGHT_LISTS.gaps), answers: gapAnswers };
}

/**
 * What the surfaces searched and read (api-contract §14) as the app says it: which surfaces report
 * it, why a list is empty, and which pages an answer read but did not cite. No DOM here, so it is
 * unit-tested (test/web/research.test.ts); research-view.ts shows it.
 */
import type { Run, Surface } from '@brandradar/contracts';
import { surfaceName } from './surfaces.js';

type Answer = Run['results'][number]['answers'][number];
type Page = NonNullable<Answer['consultedSources']>[number];

/** The surfaces whose APIs say what they searched and read; Perplexity's and SerpApi's do not. */
export const REPORTING_SURFACES: readonly Surface[] = ['chatgpt', 'claude', 'gemini'];

/** `A`, `A and B`, `A, B and C`. */
export const listText = (items: readonly string[]): string => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);

/** The tracker's surfaces that do not report research, by their names: `Perplexity and Google AI Overviews`, or '' when all do. */
export const silentSurfaces = (models: readonly Surface[]): string => listText(models.filter((m) => !REPORTING_SURFACES.includes(m)).map(surfaceName));

/** `Perplexity does not report its searches`, `Perplexity and Google AI Overviews do not report their searches`. */
function notReported(models: readonly Surface[], what: string): string {
  const one = models.filter((m) => !REPORTING_SURFACES.includes(m)).length === 1;
  return `${silentSurfaces(models)} ${one ? 'does not report its' : 'do not report their'} ${what}`;
}

/** Why the searches list is empty, for a tracker asking `models`. */
export function noSearchesText(models: readonly Surface[]): string {
  if (!models.some((m) => REPORTING_SURFACES.includes(m))) return `None reported: ${notReported(models, 'searches')}. ChatGPT, Claude and Gemini do.`;
  return 'None reported: the answers read ran no web search, or were stored before brandradar recorded searches.';
}

/** Why the list of sites read but not cited is empty, for a tracker asking `models`. */
export function noneReadNotCitedText(models: readonly Surface[]): string {
  if (!models.some((m) => REPORTING_SURFACES.includes(m))) return `None reported: ${notReported(models, 'pages read')}. ChatGPT, Claude and Gemini do.`;
  return 'None: no site was read in more answers than it was cited in (or the answers were stored before brandradar recorded the pages read).';
}

/**
 * The pages an answer read from sites it cites nowhere, in the order read, each page once: what the
 * insights count as "read but not cited" (by site, as every citation figure counts). Null when its
 * surface does not say what it read.
 */
export function pagesReadNotCited(answer: Pick<Answer, 'citations' | 'consultedSources'>): Page[] | null {
  if (answer.consultedSources === null) return null;
  const cited = new Set(answer.citations.map((c) => c.domain));
  const seen = new Set<string>();
  return answer.consultedSources.filter((p) => !cited.has(p.domain) && !seen.has(p.url) && seen.add(p.url));
}

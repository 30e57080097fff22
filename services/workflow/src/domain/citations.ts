import { citedPages, normalizeUrl, registrableDomain } from '@brandradar/analysis';
import type { CitedSourcesData, Surface, WorkflowAnswer } from '@brandradar/contracts';

const TOP = 20;
const URLS_PER_DOMAIN = 5;

interface Tally {
  citations: number;
  surfaces: Set<Surface>;
}
interface UrlTally extends Tally {
  title: string | null;
  domain: string;
}

/**
 * The sources the answers cite, grouped by page and by site. An answer counts
 * each page once (providers repeat a source for several passages), a site being
 * its publisher (a grounding redirect's, not google.com: api-contract §14); a
 * domain's citations are its distinct pages per answer, summed, as in tracker
 * reports (api-contract §4).
 */
export function aggregateCitations(answers: readonly WorkflowAnswer[], brand: string | null): CitedSourcesData {
  const analysed = answers.filter((a) => a.status === 'succeeded');
  const urls = new Map<string, UrlTally>();
  const domains = new Map<string, Tally>();
  for (const answer of analysed) {
    for (const { url, title, domain } of citedPages(answer.citations)) {
      const page = urls.get(url) ?? { citations: 0, surfaces: new Set(), title: null, domain };
      page.citations++;
      page.surfaces.add(answer.surface);
      page.title ??= title;
      urls.set(url, page);
      const site = domains.get(domain) ?? { citations: 0, surfaces: new Set() };
      site.citations++;
      site.surfaces.add(answer.surface);
      domains.set(domain, site);
    }
  }
  const total = [...domains.values()].reduce((sum, d) => sum + d.citations, 0);
  const rankedUrls = ranked(urls);
  return {
    provider: analysed.length > 0 && analysed.every((a) => a.provider === 'simulated') ? 'simulated' : 'ai_answers',
    answersAnalysed: analysed.length,
    totalCitations: total,
    domains: ranked(domains)
      .slice(0, TOP)
      .map(([domain, d]) => ({
        domain,
        citations: d.citations,
        share: round4(d.citations / total),
        surfaces: inSurfaceOrder(d.surfaces, analysed),
        urls: rankedUrls.filter(([, u]) => u.domain === domain).slice(0, URLS_PER_DOMAIN).map(([url]) => url),
      })),
    urls: rankedUrls.slice(0, TOP).map(([url, u]) => ({ url, title: u.title, domain: u.domain, citations: u.citations, surfaces: inSurfaceOrder(u.surfaces, analysed) })),
    brand: brand === null ? null : brandCitations(brand, domains),
  };
}

function brandCitations(brand: string, domains: Map<string, Tally>): NonNullable<CitedSourcesData['brand']> {
  const matching = [...domains.keys()].filter((domain) => isBrandDomain(domain, brand)).sort();
  const citations = matching.reduce((sum, d) => sum + domains.get(d)!.citations, 0);
  return { name: brand, cited: citations > 0, citations, domains: matching };
}

/**
 * Whether a cited site is the brand's own: the brand given as a domain
 * (`acme.co.uk`, `https://www.acme.co.uk`) is that site; a brand given as a
 * name (`Acme CRM`) matches a site named with its letters and digits (`acmecrm.com`).
 */
export function isBrandDomain(domain: string, brand: string): boolean {
  const brandSite = siteOf(brand);
  if (brandSite) return brandSite === domain;
  const name = compact(brand);
  return name.length > 0 && compact(domain.split('.')[0] ?? '') === name;
}

function siteOf(brand: string): string | null {
  const trimmed = brand.trim();
  if (/\s/.test(trimmed) || !trimmed.includes('.')) return null;
  const url = normalizeUrl(trimmed.includes('://') ? trimmed : `https://${trimmed}`);
  return url ? registrableDomain(new URL(url).hostname) : null;
}

const compact = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]/g, '');
const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/** Most cited first, ties in name order, so the output is the same on every run. */
function ranked<T extends Tally>(tallies: Map<string, T>): [string, T][] {
  return [...tallies].sort(([an, a], [bn, b]) => b.citations - a.citations || (an < bn ? -1 : an > bn ? 1 : 0));
}

function inSurfaceOrder(surfaces: Set<Surface>, answers: readonly WorkflowAnswer[]): Surface[] {
  return answers.map((a) => a.surface).filter((s) => surfaces.has(s));
}

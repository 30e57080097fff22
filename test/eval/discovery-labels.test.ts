import { EVAL_CASES } from './cases';
import type { EvalCase } from './types';

// The discovered-name labels (types.ts, `discovered`) are ground truth for the discovery detector:
// enough of them, over every industry and surface, and each one well-formed against its case.

const INDUSTRIES = [
  'accounting', 'advertising', 'banking', 'cars', 'crm', 'devices', 'email marketing', 'energy',
  'food', 'payments', 'project management', 'retail', 'running shoes', 'seo', 'vpn', 'wellness',
];
const SURFACES: EvalCase['surface'][] = ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'];

/** Lower case, without diacritics and spaces: `Hub Spot`, `hubspot` and `HubSpot` fold alike. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, '').toLowerCase();

const labelled = EVAL_CASES.filter((c): c is EvalCase & { discovered: string[] } => c.discovered !== undefined);
const names = labelled.flatMap((c) => c.discovered.map((name) => ({ c, name })));

it('enough answers and names are labelled, over every industry and surface', () => {
  expect(labelled.length).toBeGreaterThanOrEqual(75);
  expect(names.length).toBeGreaterThanOrEqual(260);
  expect([...new Set(EVAL_CASES.map((c) => c.industry))].sort()).toEqual(INDUSTRIES);
  for (const industry of INDUSTRIES) {
    const cases = labelled.filter((c) => c.industry === industry);
    const found = cases.reduce((n, c) => n + c.discovered.length, 0);
    expect([industry, cases.length >= 3, found >= 1]).toEqual([industry, true, true]);
  }
  for (const surface of SURFACES) {
    const cases = labelled.filter((c) => c.surface === surface);
    const found = cases.reduce((n, c) => n + c.discovered.length, 0);
    expect([surface, cases.length >= 3, found >= 1]).toEqual([surface, true, true]);
  }
});

it('no discovered name is a tracked name or alias of its case', () => {
  const clashes = names.filter(({ c, name }) => {
    const tracked = [...c.labels.map((l) => l.name), ...(c.aliases ?? []).flatMap((a) => [a.name, ...a.aliases])];
    return tracked.some((t) => fold(t) === fold(name));
  });
  expect(clashes.map(({ c, name }) => `${c.id}: ${name}`)).toEqual([]);
});

it('every discovered name is written in its answer, and listed once', () => {
  const missing = names.filter(({ c, name }) => !c.text.toLowerCase().includes(name.toLowerCase()));
  expect(missing.map(({ c, name }) => `${c.id}: ${name}`)).toEqual([]);
  const repeated = labelled.filter((c) => new Set(c.discovered.map(fold)).size !== c.discovered.length);
  expect(repeated.map((c) => c.id)).toEqual([]);
  expect(names.filter(({ name }) => name !== name.trim() || name === '').map(({ c }) => c.id)).toEqual([]);
});

import { REANALYSIS_EXAMPLE, type Reanalysis, type Tracker } from '@brandradar/contracts';
import { changedOnlyNames, mixedVersionsNotice, outcomeText, progressText } from '../../packages/web/src/reanalysis';

// The web app's pure helpers for recomputing a tracker's history (packages/web/src/reanalysis.ts), in node.
const tracker = {
  id: '3f1c7d34-0000-4000-8000-000000000001',
  name: 'CRM visibility',
  primitive: 'compare',
  brand: 'HubSpot',
  competitors: ['Salesforce'],
  aliases: [],
  url: null,
  prompts: ['Best CRM for a small team?'],
  models: ['chatgpt', 'perplexity'],
  samplesPerPrompt: 1,
  samplingMode: 'fixed',
  cadence: { frequency: 'weekly', timezone: 'Europe/Berlin', time: '09:00', weekday: 1 },
} as unknown as Tracker;

describe('changedOnlyNames', () => {
  it('is true for an edit of the brand, the competitors or the aliases, with the title or schedule changed or not', () => {
    expect(changedOnlyNames(tracker, { ...tracker, competitors: ['Salesforce', 'Pipedrive'] })).toBe(true);
    expect(changedOnlyNames(tracker, { ...tracker, brand: 'HubSpot CRM' })).toBe(true);
    expect(changedOnlyNames(tracker, { ...tracker, aliases: [{ name: 'HubSpot', aliases: ['Hubspot.com'] }], name: 'Renamed', cadence: { ...tracker.cadence, time: '10:00' } })).toBe(true);
  });
  it('is false when the names are the same, or when the series changes too', () => {
    expect(changedOnlyNames(tracker, { ...tracker, name: 'Renamed' })).toBe(false);
    const renamed = { ...tracker, competitors: ['Salesforce', 'Pipedrive'] };
    expect(changedOnlyNames(tracker, { ...renamed, prompts: ['Another prompt?'] })).toBe(false);
    expect(changedOnlyNames(tracker, { ...renamed, models: ['chatgpt'] })).toBe(false);
    expect(changedOnlyNames(tracker, { ...renamed, samplesPerPrompt: 3 })).toBe(false);
    expect(changedOnlyNames(tracker, { ...renamed, samplingMode: 'adaptive' })).toBe(false);
    expect(changedOnlyNames(tracker, { ...renamed, primitive: 'rankings', brand: null })).toBe(false);
  });
});

describe('what the report says', () => {
  it('notices a report whose runs were analysed with different rules', () => {
    expect(mixedVersionsNotice(['2026-11-28.1'])).toBeNull();
    expect(mixedVersionsNotice([])).toBeNull();
    expect(mixedVersionsNotice(['2026-11-28.1', 'unversioned'])).toBe(
      'This report mixes analysis versions (2026-11-28.1, unversioned); changes are only computed between runs of one version. Recompute history to compare them all.',
    );
  });

  const job = (over: Partial<Reanalysis>): Reanalysis => ({ ...REANALYSIS_EXAMPLE, ...over });
  it('counts the runs recomputed so far', () => {
    expect(progressText(job({}))).toBe('Recomputing history: 3 of 10 runs recomputed.');
    expect(progressText(job({ status: 'QUEUED', runs: { total: 1, done: 0 } }))).toBe('Recomputing history: 0 of 1 run recomputed.');
  });
  it('says what a finished job did, or why it failed and what it kept', () => {
    expect(outcomeText(job({ status: 'COMPLETED', runs: { total: 10, done: 10 } }))).toBe('History recomputed: 10 runs now report the tracker’s current names.');
    expect(outcomeText(job({ status: 'COMPLETED', runs: { total: 1, done: 1 } }))).toBe('History recomputed: 1 run now reports the tracker’s current names.');
    const error = { code: 'reanalysis_failed', message: 'A run could not be read.' };
    expect(outcomeText(job({ status: 'FAILED', error }))).toBe('Recomputing history failed: A run could not be read. The 3 runs recomputed before it keep their new figures.');
    expect(outcomeText(job({ status: 'FAILED', error, runs: { total: 10, done: 1 } }))).toMatch(/ The run recomputed before it keeps its new figures\.$/);
    expect(outcomeText(job({ status: 'FAILED', error, runs: { total: 10, done: 0 } }))).toBe('Recomputing history failed: A run could not be read.');
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ActivationResult, Insights, Tracker } from './client';
import type { components } from './generated/api';
import { BrandradarApiError, BrandradarRefusedError } from './errors';
import { clientAnswering } from '../../../test/support/client-answering';

// getInsights and addCompetitor against a fetch that answers as the gateway does.
type Schemas = components['schemas'];
const document = JSON.parse(readFileSync(path.join(__dirname, '../openapi.json'), 'utf8'));
/** The contract's own example of a schema, as the OpenAPI document gives it. */
const example = <K extends keyof Schemas>(name: K): Schemas[K] => document.components.schemas[name].example;

/** The example compare tracker, ACTIVE at its estimate of $0.39 per run. */
const active: Tracker = { ...example('Tracker'), status: 'ACTIVE', maxCostMicroPerRun: 39_000, nextRunAt: '2026-11-23T14:00:00.000Z' };
const TRACKER = active.id;
const TRACKER_URL = `http://gateway.test/api/v1/trackers/${TRACKER}`;
/** What the gateway answers to the update: the tracker with the new competitor, a DRAFT. */
const draftWith = (t: Tracker, name: string, over: Partial<Tracker> = {}): Tracker => ({ ...t, competitors: [...t.competitors, name], status: 'DRAFT', maxCostMicroPerRun: null, nextRunAt: null, ...over });
const activation = (t: Tracker): ActivationResult => ({ tracker: { ...t, status: 'ACTIVE', maxCostMicroPerRun: t.estimatedCostMicroPerRun }, balanceMicro: 900_000, costMicroPerRun: t.estimatedCostMicroPerRun, runsDryAt: null });
const reanalysis = { ...example('Reanalysis'), trackerId: TRACKER, status: 'QUEUED' as const, runs: { total: 3, done: 0 } };

describe('getInsights', () => {
  it('asks for the newest runs given and answers the insights', async () => {
    const insights: Insights = {
      trackerId: TRACKER,
      runs: [{ id: '7d1c2b3a-0000-4000-8000-000000000001', status: 'COMPLETED', finishedAt: '2026-11-22T09:00:09.000Z' }],
      answers: 9,
      discoveredNames: [],
      citationGaps: [],
      gapAnswers: 0,
      searches: [],
      consultedNotCited: [],
      note: 'Changes between runs do not establish cause.',
    };
    const { api, sent } = clientAnswering({ status: 200, body: { insights } }, { status: 200, body: { insights } });
    expect(await api.getInsights(TRACKER, { runs: 5 })).toEqual(insights);
    await api.getInsights(TRACKER);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`GET ${TRACKER_URL}/insights?runs=5`, `GET ${TRACKER_URL}/insights`]);
  });
});

describe('addCompetitor', () => {
  it('sends the whole definition with the name appended, activates the tracker again at the cost accepted and asks for a reanalysis', async () => {
    const market = { ...active, country: 'de' as const, alerts: { significantChange: true }, aliases: [{ name: 'HubSpot', aliases: ['HubSpot CRM'] }] };
    const draft = draftWith(market, 'Pipedrive');
    const { api, sent } = clientAnswering(
      { status: 200, body: { tracker: market } },
      { status: 200, body: { tracker: draft } },
      { status: 200, body: activation(draft) },
      { status: 202, body: { reanalysis } },
    );
    const added = await api.addCompetitor(TRACKER, 'Pipedrive', { reanalyse: true, requestToken: 'added-pipedrive' });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`GET ${TRACKER_URL}`, `PATCH ${TRACKER_URL}`, `POST ${TRACKER_URL}/activate`, `POST ${TRACKER_URL}/reanalysis`]);
    // A full replace: every field the tracker has, so nothing else changes.
    expect(sent[1]!.body).toEqual({
      name: market.name,
      primitive: 'compare',
      cadence: market.cadence,
      prompts: market.prompts,
      models: market.models,
      samplesPerPrompt: 1,
      samplingMode: 'fixed',
      alerts: { significantChange: true },
      country: 'de',
      brand: 'Acme CRM',
      competitors: ['HubSpot', 'Salesforce', 'Pipedrive'],
      aliases: [{ name: 'HubSpot', aliases: ['HubSpot CRM'] }],
    });
    expect(sent[2]!.body).toEqual({ maxCostMicroPerRun: 39_000 });
    expect(sent[3]!.body).toEqual({ requestToken: 'added-pipedrive' });
    expect(added).toEqual({ tracker: activation(draft).tracker, reactivation: { outcome: 'reactivated', activation: activation(draft) }, reanalysis });
  });

  it('leaves a tracker that was not active a DRAFT, without a reanalysis unless asked, and sends a country of null when it has none', async () => {
    const paused: Tracker = { ...active, primitive: 'rankings', brand: null, status: 'PAUSED', nextRunAt: null };
    const draft = draftWith(paused, 'Pipedrive');
    const { api, sent } = clientAnswering({ status: 200, body: { tracker: paused } }, { status: 200, body: { tracker: draft } });
    expect(await api.addCompetitor(TRACKER, 'Pipedrive')).toEqual({ tracker: draft, reactivation: { outcome: 'not_active' }, reanalysis: null });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toMatchObject({ primitive: 'rankings', competitors: ['HubSpot', 'Salesforce', 'Pipedrive'] });
    expect(sent[1]!.body).toHaveProperty('country', null);
    expect(sent[1]!.body).not.toHaveProperty('brand');
  });

  it('leaves it a DRAFT, saying so, when its estimate is no longer the cost accepted', async () => {
    const dearer = draftWith(active, 'Pipedrive', { estimatedCostMicroPerRun: 42_000 });
    const { api, sent } = clientAnswering({ status: 200, body: { tracker: active } }, { status: 200, body: { tracker: dearer } });
    const added = await api.addCompetitor(TRACKER, 'Pipedrive');
    expect(added.reactivation).toEqual({ outcome: 'estimate_changed', acceptedMicroPerRun: 39_000, estimatedCostMicroPerRun: 42_000 });
    expect(added.tracker).toMatchObject({ status: 'DRAFT', competitors: ['HubSpot', 'Salesforce', 'Pipedrive'] });
    expect(sent.map((s) => s.method)).toEqual(['GET', 'PATCH']);
  });

  it('reports an activation the API refused, the name added all the same, and still asks for the reanalysis', async () => {
    const draft = draftWith(active, 'Pipedrive');
    const { api, sent } = clientAnswering(
      { status: 200, body: { tracker: active } },
      { status: 200, body: { tracker: draft } },
      { status: 402, body: { error: { code: 'insufficient_credits', message: 'The balance does not cover a run.', balanceMicro: 1_000 } } },
      { status: 202, body: { reanalysis } },
    );
    const added = await api.addCompetitor(TRACKER, 'Pipedrive', { reanalyse: true });
    expect(added.tracker).toEqual(draft);
    expect(added.reactivation).toMatchObject({ outcome: 'refused', error: { status: 402, code: 'insufficient_credits' } });
    expect(added.reanalysis).toEqual(reanalysis);
    expect(sent[3]).toMatchObject({ method: 'POST', body: { requestToken: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
  });

  it('takes a changed estimate in the activation’s answer as the estimate it is', async () => {
    const draft = draftWith(active, 'Pipedrive');
    const { api } = clientAnswering(
      { status: 200, body: { tracker: active } },
      { status: 200, body: { tracker: draft } },
      { status: 409, body: { error: { code: 'cost_estimate_changed', message: 'The estimate is now $0.42.', estimatedCostMicroPerRun: 42_000 } } },
    );
    expect((await api.addCompetitor(TRACKER, 'Pipedrive')).reactivation).toEqual({ outcome: 'estimate_changed', acceptedMicroPerRun: 39_000, estimatedCostMicroPerRun: 42_000 });
  });

  it('refuses a tracker whose primitive has no competitors before changing anything', async () => {
    const sentiment: Tracker = { ...active, primitive: 'sentiment', competitors: [] };
    const { api, sent } = clientAnswering({ status: 200, body: { tracker: sentiment } });
    const error = await api.addCompetitor(TRACKER, 'Pipedrive').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrandradarRefusedError);
    expect(error).toMatchObject({ code: 'no_competitors', message: '“CRM tools, US buyers” is a sentiment tracker, which has no competitors: only rankings and compare trackers do.' });
    expect(sent.map((s) => s.method)).toEqual(['GET']);
  });

  it('passes on the API’s refusal of the name itself', async () => {
    const refusal = { error: { code: 'validation_error', message: 'The body breaks the schema.', issues: [{ path: 'competitors.2', message: 'duplicates another competitor' }] } };
    const { api } = clientAnswering({ status: 200, body: { tracker: active } }, { status: 400, body: refusal });
    const error = await api.addCompetitor(TRACKER, 'hubspot').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BrandradarApiError);
    expect(error).toMatchObject({ code: 'validation_error', issues: [{ path: 'competitors.2', message: 'duplicates another competitor' }] });
  });
});

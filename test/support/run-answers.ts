import type { Run, Surface } from '@brandradar/contracts';

export type RunAnswer = Run['results'][number]['answers'][number];

/**
 * An answer as the API lists it in a run, for tests of what the web app reads from runs: succeeded
 * with each of `tracked` counted as mentioned when `mentioned` names it, or failed when `mentioned`
 * is null.
 */
export function runAnswer(a: { model?: Surface; sample?: number; tracked: readonly string[]; mentioned: readonly string[] | null; text?: string; citations?: RunAnswer['citations'] }): RunAnswer {
  const { model = 'chatgpt', sample = 1, tracked, mentioned, citations = [] } = a;
  return {
    model,
    sample,
    status: mentioned === null ? 'failed' : 'succeeded',
    provider: 'simulated',
    providerModel: null,
    method: 'api',
    text: mentioned === null ? null : (a.text ?? 'text'),
    truncated: false,
    citations,
    searchQueries: [],
    consultedSources: null,
    metrics: mentioned === null ? null : { analysisVersion: 'v', brands: tracked.map((name) => ({ name, mentioned: mentioned.includes(name), spans: [] })) },
    error: null,
    fetchedAt: null,
    localised: false,
  };
}

/**
 * JSON reports (`GET /api/v1/trackers/:id/report`) of a compare tracker, with metrics and deltas
 * computed by the analysis package from made-up answers: the real shapes and values, for the
 * renderers' tests.
 */
import type { Run, Tracker } from '@brandradar/contracts';
import { answers, COMPARE, compareTracker, finishedRun } from './notifier-fixtures';

const runId = (i: number) => `5a1c9e7b-2f4d-4c3a-8b6e-${String(i).padStart(12, '0')}`;

/**
 * A report of a compare `tracker` (Acme against HubSpot unless given) whose runs, a week apart from
 * 1 Nov 2026, name the brand in `mentions[i]` of `answers` answers each and its first competitor in
 * all; newest first, as the API lists them.
 */
export function compareReport(mentions: number[], o: { tracker?: Tracker; answers?: number } = {}): { tracker: Tracker; runs: Run[]; analysisVersions: string[] } {
  const tracker = o.tracker ?? compareTracker();
  const definition = { ...COMPARE, brand: tracker.brand, competitors: tracker.competitors };
  const n = o.answers ?? 30;
  const [brand, rival] = [tracker.brand ?? 'Acme', tracker.competitors[0] ?? 'HubSpot'];
  const compareAnswers = (count: number, m: number) => answers(count, (i) => (i < m ? `1. ${brand} is simple.\n2. ${rival} is popular.` : `1. ${rival} is popular.`));
  const runs = mentions.map((m, i): Run => {
    const at = new Date(Date.UTC(2026, 10, 1 + 7 * i, 9)).toISOString();
    const summary = finishedRun(definition, compareAnswers(n, m), i === 0 ? null : compareAnswers(n, mentions[i - 1]!), {
      id: runId(i + 1),
      trackerId: tracker.id,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
    });
    const delta = summary.delta && { ...summary.delta, previousRunId: runId(i) };
    return { ...summary, delta, results: [] };
  });
  return { tracker, runs: runs.reverse(), analysisVersions: [...new Set(runs.map((r) => r.analysisVersion))] };
}

import { z } from 'zod';
import { ANALYSIS_VERSION } from '@brandradar/analysis';
import { Timestamp } from './common';
import { Problem, RequestToken } from './run';

/**
 * Reanalysis (api-contract §11): a tracker's finished runs computed again from their stored answers
 * with the tracker's current names and the current analysis version. No provider call, nothing billed.
 */
export const ReanalysisStatus = z.enum(['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED']).meta({ id: 'ReanalysisStatus' });
export type ReanalysisStatus = z.infer<typeof ReanalysisStatus>;

const Count = z.int().min(0);
const AnalysisVersion = z.string().meta({ description: 'The analysis version the runs are recomputed with (the current one when the job was queued).', example: ANALYSIS_VERSION });

/** A job under way, as the API shows one (the OpenAPI document's example). */
export const REANALYSIS_EXAMPLE = {
  id: '9a8b7c6d-0000-4000-8000-000000000002',
  trackerId: '3f1c7d34-0000-4000-8000-000000000001',
  status: 'RUNNING',
  runs: { total: 10, done: 3 },
  analysisVersion: ANALYSIS_VERSION,
  createdAt: '2026-11-28T09:00:00.000Z',
  finishedAt: null,
  error: null,
} as const;

export const Reanalysis = z
  .object({
    id: z.uuid(),
    trackerId: z.uuid(),
    status: ReanalysisStatus,
    runs: z
      .object({
        total: Count.meta({
          description:
            'COMPLETED and PARTIAL runs to recompute: those finished when the job was requested, and any that finished while it ran (they are recomputed with the current names too, and counted here when found).',
        }),
        done: Count.meta({ description: 'Runs recomputed so far. Each run switches to its new metrics in one write, so a run read at any moment is wholly old or wholly new.' }),
      })
      .meta({ description: 'Progress.' }),
    analysisVersion: AnalysisVersion,
    createdAt: Timestamp,
    finishedAt: Timestamp.nullable().meta({ description: 'When it became COMPLETED or FAILED; null before.' }),
    error: Problem.nullable().meta({ description: 'Why it FAILED; null otherwise. Runs recomputed before the failure keep their new metrics.' }),
  })
  .meta({ id: 'Reanalysis', example: REANALYSIS_EXAMPLE });
export type Reanalysis = z.infer<typeof Reanalysis>;

export const ReanalysisInput = z
  .object({ requestToken: RequestToken.meta({ description: 'Not secret; 1–200 characters. Repeating it returns the same reanalysis (200) instead of queuing another.' }) })
  .strict()
  .meta({ id: 'ReanalysisInput', example: { requestToken: 'added-competitor-2026-11-28' } });

/** An operator's reanalysis of every tracker (after an upgrade), one tracker at a time. */
export const ReanalysisSweep = z
  .object({
    id: z.uuid(),
    status: ReanalysisStatus,
    trackers: z.object({ total: Count.meta({ description: 'Trackers with runs when the sweep was requested.' }), done: Count }),
    runs: z.object({ done: Count.meta({ description: 'Runs recomputed so far, over all trackers.' }) }),
    answers: z.object({ done: Count.meta({ description: 'Answers recomputed so far.' }) }),
    answersPerSecond: z
      .number()
      .min(0)
      .nullable()
      .meta({ description: 'The throttle the sweep runs at (`REANALYSIS_SWEEP_ANSWERS_PER_SECOND` of the runner that works on it); null when off.' }),
    analysisVersion: AnalysisVersion,
    createdAt: Timestamp,
    finishedAt: Timestamp.nullable(),
    error: Problem.nullable(),
  })
  .meta({ id: 'ReanalysisSweep' });
export type ReanalysisSweep = z.infer<typeof ReanalysisSweep>;

export const ReanalysisSweepInput = z
  .object({ requestToken: RequestToken.meta({ description: 'Repeating it returns the same sweep (200).' }) })
  .strict()
  .meta({ id: 'ReanalysisSweepInput', example: { requestToken: 'upgrade-2026-11-28' } });

import { Histogram } from 'prom-client';
import { WorkflowQueries, type WorkflowStep } from '@brandradar/contracts';
import { serveQuery, type ServiceDefinition } from '@brandradar/platform';
import { assertSimulationAllowed, createProviders, isBilled } from '@brandradar/providers';
import { workflowConfigSchema, type WorkflowConfig } from './config';
import { billedRates } from './domain/pricing';
import { contentBriefHandler } from './queries';
import { createSources } from './sources';
import { createStepRunner } from './steps';
import { createSettler } from './settle';
import { BriefFinishedEvents, briefEventIndexes } from './store/brief-events';
import { BriefSlotStore } from './store/brief-slots';
import { BriefCallStore, briefIndexes } from './store/briefs';
import { SettlementStore } from './store/settlements';

/** Step durations run from tens of milliseconds (simulated sources) to the deadlines (up to two minutes). */
const STEP_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 90, 120];
/** A claimed call outlives its longest step by this much (billing and storage) before a retry may take it over. */
const LEASE_MARGIN_MS = 30_000;

/** Runs the content-brief workflow's five steps in parallel and bills what succeeded; owns the idempotency records of its calls. */
export const workflowService: ServiceDefinition<WorkflowConfig> = {
  name: 'workflow',
  configSchema: workflowConfigSchema,
  database: { indexes: [...briefIndexes, ...briefEventIndexes] },
  async start({ config, nats, db, logger, metrics, shutdown }) {
    const clock = () => new Date();
    const providers = createProviders(config);
    const { searchData, videos } = createSources(config, clock);
    assertSimulationAllowed(
      config.SIMULATED_ANSWERS,
      [searchData.provider === 'simulated' && 'DataForSEO (keyword demand, questions)', videos.provider === 'simulated' && 'YouTube (video trends)'].filter((s): s is string => Boolean(s)),
    );
    const sourceOf: Partial<Record<WorkflowStep, string>> = { keyword_demand: searchData.provider, questions: searchData.provider, video_trends: videos.provider };
    const billed = { surface: providers.billed, step: (step: WorkflowStep) => isBilled(config.SIMULATED_ANSWERS, sourceOf[step] ?? 'ours') };
    logger.info({ surfaces: providers.providerOf, searchData: searchData.provider, videos: videos.provider }, 'content-brief sources');

    const deadlines = {
      answers: config.WORKFLOW_ANSWERS_DEADLINE_MS,
      citations: config.WORKFLOW_CITATIONS_DEADLINE_MS,
      keyword_demand: config.WORKFLOW_KEYWORDS_DEADLINE_MS,
      questions: config.WORKFLOW_QUESTIONS_DEADLINE_MS,
      video_trends: config.WORKFLOW_VIDEO_DEADLINE_MS,
    };
    const runSteps = createStepRunner({
      providers,
      searchData,
      videos,
      clock,
      deadlines,
      retry: { attempts: config.PROVIDER_ATTEMPTS, baseDelayMs: config.PROVIDER_RETRY_BASE_MS, maxDelayMs: config.PROVIDER_RETRY_MAX_MS },
      video: { lookbackDays: config.VIDEO_LOOKBACK_DAYS, maxResults: config.VIDEO_MAX_RESULTS, order: config.VIDEO_ORDER },
      stepDuration: new Histogram({
        name: 'workflow_step_duration_seconds',
        help: 'Content-brief step duration by step and outcome (succeeded, failed, timed_out)',
        labelNames: ['step', 'outcome'],
        buckets: STEP_BUCKETS,
        registers: [metrics],
      }),
      logger,
    });

    const settler = createSettler({ settlements: new SettlementStore(db), nats, logger, clock });
    const events = new BriefFinishedEvents(db, nats, logger);
    const handler = contentBriefHandler({
      store: new BriefCallStore(db),
      events,
      slots: new BriefSlotStore(db),
      briefsPerAccount: config.BRIEFS_PER_ACCOUNT,
      nats,
      logger,
      runSteps,
      clock,
      leaseMs: Math.max(...Object.values(deadlines)) + LEASE_MARGIN_MS,
      settler,
      billedRates: (rates) => billedRates(rates, billed),
    });
    const subscription = serveQuery(nats, WorkflowQueries.runContentBrief, 'workflow', logger, handler);
    const stopSettling = settler.startSweeping(config.OUTBOX_SWEEP_MS);
    const stopPublishing = events.startSweeping(config.OUTBOX_SWEEP_MS);
    // Draining lets calls in progress finish and reply, within SHUTDOWN_GRACE_MS.
    shutdown.register('intake', 'stop workflow intake', async () => {
      await subscription.drain();
      await Promise.all([stopSettling(), stopPublishing()]);
    });
  },
};

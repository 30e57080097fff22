import type { Logger } from './logger';
import { withTimeout } from './timeout';

/**
 * Phases run in this order: stop taking work, drain NATS, close Mongo, flush
 * telemetry. Handlers within a phase run together.
 */
const SHUTDOWN_PHASES = ['intake', 'nats', 'mongo', 'telemetry'] as const;
export type ShutdownPhase = (typeof SHUTDOWN_PHASES)[number];

type Handler = { name: string; phase: ShutdownPhase; run: () => unknown }; // awaited: it may return a promise

export class ShutdownManager {
  private readonly handlers: Handler[] = [];
  private running: Promise<void> | undefined;

  constructor(
    private readonly logger: Logger,
    private readonly graceMs: number,
  ) {}

  register(phase: ShutdownPhase, name: string, run: Handler['run']): void {
    this.handlers.push({ name, phase, run });
  }

  /** Runs every handler once, however often it is called; resolves when done or when the grace period ends. */
  shutdown(reason: string): Promise<void> {
    this.running ??= this.runPhases(reason);
    return this.running;
  }

  private async runPhases(reason: string): Promise<void> {
    this.logger.info({ reason }, 'shutting down');
    const phases = async () => {
      for (const phase of SHUTDOWN_PHASES) {
        const handlers = this.handlers.filter((h) => h.phase === phase);
        const results = await Promise.allSettled(handlers.map(async (h) => h.run()));
        results.forEach((r, i) => {
          if (r.status === 'rejected') this.logger.error({ err: r.reason, handler: handlers[i]!.name }, 'shutdown handler failed');
        });
      }
    };
    const exceeded = new Error('shutdown grace period exceeded');
    // The grace timer must not keep the process alive once the phases are done.
    await withTimeout(phases, { timeoutMs: this.graceMs, onTimeout: () => exceeded, unref: true }).catch((e: unknown) => {
      if (e !== exceeded) throw e;
      this.logger.warn({ graceMs: this.graceMs }, exceeded.message);
    });
  }
}



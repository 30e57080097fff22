import os from 'node:os';
import type { Server } from 'node:http';
import type { Db, MongoClient } from 'mongodb';
import type { Registry } from 'prom-client';
import type { z } from 'zod';
import { EVENTS, STREAMS, streamSubjects } from '@brandradar/contracts';
import { ConfigError, loadConfig, mongoConfigSchema, type BaseConfig } from './config';
import { CONSUMER_INFO_TIMEOUT_MS, registerConsumerLag } from './consumer-lag';
import { createLogger, type Logger } from './logger';
import { createMetricsRegistry, natsDeadLettersTotal, natsHandledTotal } from './metrics';
import { connectMongo, ensureIndexes, type IndexSpec } from './mongo';
import { connectNats, ensureConsumer, ensureStream, REDELIVERY_BACKOFF, whenJetStreamAnswers, type DurableConsumer, type NatsLink } from './messaging';
import { closeServer, listeningPort, startOpsServer } from './ops-server';
import { ShutdownManager } from './shutdown';
import { startTelemetry, type Telemetry } from './telemetry';

interface ServiceContext<C> {
  name: string;
  config: C;
  logger: Logger;
  nats: NatsLink;
  /** The service's own database; only for services that declare one. */
  db: Db;
  metrics: Registry;
  shutdown: ShutdownManager;
}

/** What a service is: its settings, its database and consumers, and how it starts its handlers. */
export interface ServiceDefinition<C extends BaseConfig> {
  name: string;
  configSchema: z.ZodType<C>;
  database?: { indexes: readonly IndexSpec[] };
  /** Durable consumers this service reads; a function of its config (ack waits and such are settings). */
  consumers?: (config: C) => readonly DurableConsumer[];
  /** Registers handlers; anything that takes work registers its stop under the `intake` phase. */
  start(ctx: ServiceContext<C>): Promise<void>;
}

export interface RunningService {
  opsPort: number;
  /** PROVISION_ONLY was set: indexes, streams and consumers were created and every connection closed; nothing runs. */
  provisionOnly: boolean;
  logger: Logger;
  stop(reason?: string): Promise<void>;
}

/**
 * Creates this service's JetStream streams (every stream of the catalog, so a
 * publisher never publishes into nothing) and its own durable consumers.
 * Idempotent: services run it at start and the deploy job runs it before. Only
 * the provisioning NATS user may create or change streams; a service's own
 * user checks they are as the catalog says and fails to start otherwise.
 */
export async function provisionJetStream(nats: NatsLink, replicas: number, consumers: readonly DurableConsumer[]): Promise<void> {
  for (const stream of Object.values(STREAMS)) await ensureStream(nats.jsm, stream, streamSubjects(stream, EVENTS), replicas);
  for (const c of consumers) await ensureConsumer(nats.jsm, c);
}

/** Connects, provisions, starts the ops port and the service's handlers. Used by main.ts and by tests. */
export async function startService<C extends BaseConfig>(def: ServiceDefinition<C>, env: NodeJS.ProcessEnv, telemetry?: Telemetry): Promise<RunningService> {
  const config = loadConfig(def.name, def.configSchema, env);
  const logger = createLogger(def.name, config.LOG_LEVEL);
  const shutdown = new ShutdownManager(logger, config.SHUTDOWN_GRACE_MS);
  const metrics = createMetricsRegistry(def.name);
  const nats = await connectNats(config.NATS_URL, `${def.name}@${os.hostname()}`, logger, { user: config.NATS_USER, password: config.NATS_PASSWORD });
  nats.handled = natsHandledTotal(metrics);
  nats.deadLetters = natsDeadLettersTotal(metrics);
  nats.redeliveryBackoff = { ...REDELIVERY_BACKOFF, maxMs: config.REDELIVERY_MAX_MS };
  shutdown.register('nats', 'drain nats', () => nats.nc.drain());

  let mongo: MongoClient | undefined;
  let db: Db | undefined;
  if (def.database) {
    // The service's schema includes these settings (validated at load); a definition whose schema
    // forgot them fails here, at start, rather than connecting to `undefined`.
    const mongoConfig = mongoConfigSchema.parse(config);
    mongo = await connectMongo(mongoConfig.MONGO_URL, def.name, mongoConfig.MONGO_OPERATION_TIMEOUT_MS);
    db = mongo.db(mongoConfig.MONGO_DB ?? `brandradar-${def.name}`);
    await ensureIndexes(db, def.database.indexes);
    const client = mongo;
    shutdown.register('mongo', 'close mongo', () => client.close());
  }
  const consumers = def.consumers?.(config) ?? [];
  // Idempotent, so asked again whole while a cluster elects its leaders.
  await whenJetStreamAnswers('streams and consumers', logger, () => provisionJetStream(nats, config.NATS_STREAM_REPLICAS, consumers));
  if (telemetry) shutdown.register('telemetry', 'flush telemetry', () => telemetry.shutdown());

  if (config.PROVISION_ONLY) {
    // The deploy job's mode (helm pre-install/pre-upgrade): no ops port, no handlers.
    logger.info({ consumers: consumers.length, indexes: def.database?.indexes.length ?? 0 }, 'provisioned');
    await shutdown.shutdown('provisioned');
    return { opsPort: 0, provisionOnly: true, logger, stop: () => shutdown.shutdown('stop') };
  }

  if (consumers.length > 0) {
    // A manager of its own, so a scrape never waits out the connection's default request timeout.
    const lagJsm = await nats.nc.jetstreamManager({ timeout: CONSUMER_INFO_TIMEOUT_MS, checkAPI: false });
    registerConsumerLag(metrics, consumers, (stream, durable) => lagJsm.consumers.info(stream, durable));
  }
  const ops: Server = await startOpsServer(config.OPS_PORT, metrics, {
    nats: () => nats.isConnected(),
    // maxTimeMS in the command: the driver ignores timeoutMS, and the store (or its local proxy) ends the ping at 2 s.
    ...(db ? { mongo: async () => (await db.command({ ping: 1, maxTimeMS: 2_000 })).ok === 1 } : {}),
  });
  // The ops port stays up until last, so readiness can be watched going down.
  shutdown.register('telemetry', 'close ops port', () => closeServer(ops));

  const ctx: ServiceContext<C> = {
    name: def.name,
    config,
    logger,
    nats,
    get db(): Db {
      if (!db) throw new Error(`service ${def.name} declares no database`);
      return db;
    },
    metrics,
    shutdown,
  };
  await def.start(ctx);
  // A round trip to the server after the subscriptions: once it answers, it has registered them, so
  // "started" means answering queries (a request sent just after would otherwise find no responder).
  await nats.nc.flush();
  logger.info({ opsPort: listeningPort(ops) }, 'started');
  return { opsPort: listeningPort(ops), provisionOnly: false, logger, stop: (reason = 'stop') => shutdown.shutdown(reason) };
}

/**
 * The whole of a service's main.ts: telemetry, start, and a clean exit on SIGTERM/SIGINT. The
 * definition is loaded after telemetry has started: instrumentations patch modules (express, the
 * HTTP clients) as they are required, so they must be registered first.
 */
export function runMain<C extends BaseConfig>(name: string, load: () => Promise<ServiceDefinition<C>>): void {
  startTelemetry(name)
    .then(async (telemetry) => {
      const def = await load();
      if (def.name !== name) throw new Error(`main.ts of ${name} loaded the definition of ${def.name}`);
      return startService(def, process.env, telemetry);
    })
    .then(
      (service) => {
        if (service.provisionOnly) process.exit(0);
        for (const signal of ['SIGTERM', 'SIGINT'] as const) {
          process.once(signal, () => {
            void service.stop(signal).finally(() => process.exit(128 + os.constants.signals[signal]));
          });
        }
        process.on('unhandledRejection', (err) => service.logger.error({ err }, 'unhandled rejection'));
      },
      (err: unknown) => {
        // A config error is the operator's to fix: say what is wrong, without a stack.
        console.error(err instanceof ConfigError ? err.message : err);
        process.exit(err instanceof ConfigError ? 78 : 1);
      },
    );
}

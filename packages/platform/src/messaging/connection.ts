import { connect, Events, type JetStreamClient, type JetStreamManager, type NatsConnection } from 'nats';
import type { Counter } from 'prom-client';
import { inboxPrefix } from '@brandradar/contracts';
import type { BackoffPolicy } from '../backoff';
import type { Logger } from '../logger';
import { whenJetStreamAnswers } from './failures';

/** A NATS connection that retries forever and tells whether it is connected right now. */
export interface NatsLink {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  isConnected(): boolean;
  /** Calls `listener` after every reconnect (messages sent meanwhile on core NATS were missed); returns its removal. */
  onReconnect(listener: () => void): () => void;
  /** Counts each message a query handler or consumer finished with, by subject and outcome (set by startService). */
  handled?: Counter<'subject' | 'outcome'>;
  /** Counts messages given up on, by stream and reason kind (set by startService). */
  deadLetters?: Counter<'stream' | 'reason'>;
  /** Redelivery delays of this service's consumers after a transient failure (set by startService from REDELIVERY_MAX_MS). */
  redeliveryBackoff?: BackoffPolicy;
}

/** A NATS user and its password; replies to its requests come to its own inbox prefix, which no other user may read. */
export interface NatsCredentials {
  user: string;
  password: string;
}

/** The servers a NATS_URL names: one URL, or the servers of a cluster separated by commas. */
export function natsServers(url: string): string[] {
  return url
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

export async function connectNats(url: string, name: string, logger: Logger, credentials: NatsCredentials): Promise<NatsLink> {
  const nc = await connect({
    servers: natsServers(url),
    name,
    user: credentials.user,
    pass: credentials.password,
    inboxPrefix: inboxPrefix(credentials.user),
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    waitOnFirstConnect: true,
    // No stack captured for every request in case it times out (two Errors each, about 3% of the
    // gateway's CPU per read): query() turns a timeout into `unavailable` and drops the stack anyway.
    noAsyncTraces: true,
  });
  let connected = true;
  const reconnectListeners = new Set<() => void>();
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === Events.Disconnect) connected = false;
      if (s.type === Events.Reconnect) {
        connected = true;
        for (const listener of reconnectListeners) listener();
      }
      if (s.type === Events.Disconnect || s.type === Events.Reconnect || s.type === Events.Error) {
        logger.warn({ nats: s.type, data: typeof s.data === 'string' ? s.data : JSON.stringify(s.data) }, 'nats status');
      }
    }
  })();
  let jsm: JetStreamManager;
  try {
    // Its first request asks whether JetStream is there at all.
    jsm = await whenJetStreamAnswers('jetstream account info', logger, () => nc.jetstreamManager());
  } catch (e) {
    await nc.close(); // it would otherwise reconnect for ever
    throw e;
  }
  return {
    nc,
    js: nc.jetstream(),
    jsm,
    isConnected: () => connected && !nc.isClosed(),
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
  };
}

import type { Subscription } from 'nats';
import type { QueryDef } from '@brandradar/contracts';
import type { Logger } from './logger';
import { serveQuery, type NatsLink, type QueryRequest, type QueryResult } from './messaging';

/** One handler per query of a catalog group (`TrackerQueries`, `BillingQueries`…), each typed by its query. */
export type QueryHandlers<Qs extends Record<string, QueryDef>> = { [K in keyof Qs]: (request: QueryRequest<Qs[K]>) => Promise<QueryResult<Qs[K]>> };

/** Answers every query of `queries` with its handler (see `serveQuery`), all in one queue group. */
export function serveQueries<Qs extends Record<string, QueryDef>>(nats: NatsLink, queries: Qs, handlers: QueryHandlers<Qs>, queue: string, logger: Logger): Subscription[] {
  const serve = <K extends keyof Qs>(name: K) => serveQuery<Qs[K]>(nats, queries[name], queue, logger, handlers[name]);
  return Object.keys(queries).map(serve);
}

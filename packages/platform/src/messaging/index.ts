// The NATS plumbing every service shares, one module per concern. Exported here is what services
// and the rest of the platform use; the codec and the reading of nats.js failures stay inside.
// Not a folder named `nats`: a checkout built before it held `dist/nats.js`, which `tsc -b` leaves
// behind and which Node would load for `./nats` ahead of `dist/nats/index.js`.
export { PayloadTooLargeError } from './codec';
export { connectNats, natsServers, type NatsLink } from './connection';
export { consumeEvents, REDELIVERY_BACKOFF, type ConsumeOptions, type DeadLetterNotice, type EventHandler } from './consumers';
export { whenJetStreamAnswers } from './failures';
export { defineConsumer, ensureConsumer, ensureStream, type DurableConsumer } from './provisioning';
export { publishEvent, publishNotice } from './publishing';
export { DomainError, prepareResult, preparedSize, query, serveQuery, type QueryRequest, type QueryResult } from './request-reply';
export { onEvent, watchEvents, watchNotices } from './watchers';

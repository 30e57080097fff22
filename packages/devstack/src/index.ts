export * from './binaries';
export * from './paths';
export * from './ports';
export * from './processes';
export * from './nats-auth';
export * from './chart-nats';
export * from './local-stack';
export * from './smtp-catcher';

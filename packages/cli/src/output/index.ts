/** What the CLI prints for people, one module per kind of result; `--json` prints the API's JSON instead. */
export * from './text';
export * from './trackers';
export * from './runs';
export * from './webhooks';
export * from './insights';
export * from './brief';
export * from './overview';
export * from './audit';
export * from './people';

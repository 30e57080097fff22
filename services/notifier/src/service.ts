import type { ServiceDefinition } from '@brandradar/platform';
import { notifierConfigSchema, type NotifierConfig } from './config';

/** E-mails account owners about activations, runs, pauses and deletions. */
export const notifierService: ServiceDefinition<NotifierConfig> = {
  name: 'notifier',
  configSchema: notifierConfigSchema,
  database: { indexes: [] },
  async start() {},
};

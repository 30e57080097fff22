import { runMain } from '@brandradar/platform';

// The service's own modules load once telemetry has started, so its instrumentations patch them.
runMain('workflow', async () => (await import('./service')).workflowService);

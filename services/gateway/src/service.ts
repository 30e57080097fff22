import type { Server } from 'node:http';
import { closeServer, httpRequestDuration, type ServiceDefinition } from '@brandradar/platform';
import { adminTokenAuthenticator, apiKeyAuthenticator } from './auth';
import { gatewayConfigSchema, type GatewayConfig } from './config';
import { buildApp } from './http/app';
import { accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';

/** The gateway: the public REST API and the admin API. It owns no data; it asks the services over NATS. */
export const gatewayService: ServiceDefinition<GatewayConfig> = {
  name: 'gateway',
  configSchema: gatewayConfigSchema,
  async start({ config, nats, logger, metrics, shutdown }) {
    const requestDuration = httpRequestDuration(metrics);
    const timeout = config.QUERY_TIMEOUT_MS;
    const publicApp = buildApp({
      routes: accountRoutes(nats, timeout),
      authenticate: apiKeyAuthenticator(nats, timeout),
      logger,
      requestDuration,
    });
    const servers: Server[] = [await listen(publicApp, config.GATEWAY_PORT)];
    if (config.ADMIN_TOKEN) {
      const adminApp = buildApp({ routes: adminRoutes(nats, timeout), authenticate: adminTokenAuthenticator(config.ADMIN_TOKEN), logger, requestDuration });
      servers.push(await listen(adminApp, config.ADMIN_PORT));
    } else {
      logger.warn('ADMIN_TOKEN is not set: the admin API is disabled');
    }
    shutdown.register('intake', 'close http servers', () => Promise.all(servers.map(closeServer)));
    logger.info({ ports: servers.map((s) => (s.address() as { port: number }).port) }, 'gateway listening');
  },
};

function listen(app: import('express').Express, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, (err?: Error) => (err ? reject(err) : resolve(server)));
  });
}

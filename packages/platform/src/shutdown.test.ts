import { createLogger } from './logger';
import { ShutdownManager } from './shutdown';

const logger = createLogger('test', 'silent');

describe('ShutdownManager', () => {
  it('runs phases in order (intake, nats, mongo, telemetry) and only once', async () => {
    const calls: string[] = [];
    const m = new ShutdownManager(logger, 5_000);
    m.register('telemetry', 'flush', () => calls.push('telemetry'));
    m.register('mongo', 'close', async () => calls.push('mongo'));
    m.register('intake', 'http', async () => {
      // Finishes turns of the event loop after its phase-mate: both run together, and the phase waits for both.
      for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
      calls.push('intake-slow');
    });
    m.register('intake', 'consumer', () => calls.push('intake-fast'));
    m.register('nats', 'drain', () => calls.push('nats'));
    await Promise.all([m.shutdown('SIGTERM'), m.shutdown('SIGINT')]);
    await m.shutdown('again');
    expect(calls).toEqual(['intake-fast', 'intake-slow', 'nats', 'mongo', 'telemetry']);
  });

  it('goes on past a failing handler', async () => {
    const calls: string[] = [];
    const m = new ShutdownManager(logger, 5_000);
    m.register('intake', 'broken', () => {
      throw new Error('boom');
    });
    m.register('mongo', 'close', () => calls.push('mongo'));
    await m.shutdown('test');
    expect(calls).toEqual(['mongo']);
  });

  it('gives up waiting after the grace period', async () => {
    const m = new ShutdownManager(logger, 100);
    m.register('intake', 'hangs', () => new Promise(() => undefined));
    const started = Date.now();
    await m.shutdown('test');
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

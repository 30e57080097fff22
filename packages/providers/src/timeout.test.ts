import { ProviderError } from './errors';
import { withTimeout } from './timeout';

describe('withTimeout', () => {
  it('passes a result through', async () => {
    await expect(withTimeout(async () => 42, { timeoutMs: 1000 })).resolves.toBe(42);
  });

  it('turns a timeout into a transient ProviderError and aborts the call', async () => {
    let seen: AbortSignal | undefined;
    const run = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<never>(() => undefined); // ignores its signal
    };
    const error = await withTimeout(run, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'transient', code: 'timeout' });
    expect(seen?.aborted).toBe(true);
  });

  it("rethrows the caller's abort reason, whatever the client made of it", async () => {
    const controller = new AbortController();
    const run = (signal: AbortSignal) =>
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('sdk: request aborted'))));
    const pending = withTimeout(run, { timeoutMs: 10_000, signal: controller.signal });
    controller.abort(new Error('shutdown'));
    await expect(pending).rejects.toThrow('shutdown');
  });

  it('keeps a client error when nothing aborted', async () => {
    await expect(withTimeout(() => Promise.reject(new Error('boom')), { timeoutMs: 1000 })).rejects.toThrow('boom');
  });
});

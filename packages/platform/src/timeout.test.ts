import { sleep, withTimeout } from './timeout';

const late = () => new Error('late');

describe('withTimeout', () => {
  it('passes a result through', async () => {
    await expect(withTimeout(async () => 42, { timeoutMs: 1000, onTimeout: late })).resolves.toBe(42);
  });

  it("settles with onTimeout's error at the timeout and aborts the work, even work that ignores its signal", async () => {
    let seen: AbortSignal | undefined;
    const work = (signal: AbortSignal) => {
      seen = signal;
      return new Promise<never>(() => undefined);
    };
    await expect(withTimeout(work, { timeoutMs: 20, onTimeout: late })).rejects.toThrow('late');
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toEqual(late());
  });

  it("rethrows the caller's abort reason, whatever the work made of it", async () => {
    const controller = new AbortController();
    const work = (signal: AbortSignal) => new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('sdk: request aborted'))));
    const pending = withTimeout(work, { timeoutMs: 10_000, onTimeout: late, signal: controller.signal });
    controller.abort(new Error('shutdown'));
    await expect(pending).rejects.toThrow('shutdown');
  });

  it('refuses at once with an already aborted signal', async () => {
    let started = false;
    const work = async () => {
      started = true;
    };
    await expect(withTimeout(work, { timeoutMs: 1000, onTimeout: late, signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
    expect(started).toBe(false);
  });

  it("keeps the work's own error when nothing aborted", async () => {
    await expect(withTimeout(() => Promise.reject(new Error('boom')), { timeoutMs: 1000, onTimeout: late })).rejects.toThrow('boom');
  });
});

describe('sleep', () => {
  it('resolves after the wait, not before', async () => {
    jest.useFakeTimers();
    try {
      let resolved = false;
      void sleep(20).then(() => (resolved = true));
      await jest.advanceTimersByTimeAsync(19);
      expect(resolved).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      expect(resolved).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('rejects at once with an already aborted signal', async () => {
    await expect(sleep(10_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('rejects as soon as its signal aborts', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});

import { ProviderError } from './errors';
import { retryDelayMs, withRetries } from './retry';

const transient = (retryAfterMs?: number) =>
  new ProviderError({ kind: 'transient', code: 'rate_limited', message: 'slow down', status: 429, ...(retryAfterMs !== undefined && { retryAfterMs }) });
const permanent = () => new ProviderError({ kind: 'permanent', code: 'client_error', message: 'bad', status: 400 });

/** Fails with the given errors in turn, then answers 'ok'. */
function flaky(...errors: Error[]) {
  return jest.fn(async (_attempt: number) => {
    const next = errors.shift();
    if (next) throw next;
    return 'ok';
  });
}

const options = { attempts: 4, baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999 };

describe('withRetries', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('retries transient errors with growing waits, then succeeds', async () => {
    const fn = flaky(transient(), transient());
    const onRetry = jest.fn();
    const result = withRetries(fn, { ...options, onRetry });
    await jest.advanceTimersByTimeAsync(99);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1); // first wait ≈ 100 ms
    expect(fn).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(200); // second wait ≈ 200 ms
    await expect(result).resolves.toBe('ok');
    expect(fn.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    expect(onRetry.mock.calls.map(([, attempt, delay]) => [attempt, delay])).toEqual([
      [1, 100],
      [2, 200],
    ]);
  });

  it('never retries a permanent error or a foreign one', async () => {
    const fn = flaky(permanent());
    await expect(withRetries(fn, options)).rejects.toMatchObject({ kind: 'permanent' });
    expect(fn).toHaveBeenCalledTimes(1);
    const bug = flaky(new TypeError('undefined is not a function'));
    await expect(withRetries(bug, options)).rejects.toThrow(TypeError);
    expect(bug).toHaveBeenCalledTimes(1);
  });

  it('gives up after `attempts` tries with the last error', async () => {
    const fn = flaky(transient(), transient(), transient(), transient(), transient());
    const result = withRetries(fn, options).catch((e: unknown) => e);
    await jest.runAllTimersAsync();
    expect(await result).toBeInstanceOf(ProviderError);
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it('waits at least as long as Retry-After asks', async () => {
    const fn = flaky(transient(700));
    const result = withRetries(fn, { ...options, random: () => 0 });
    await jest.advanceTimersByTimeAsync(699);
    expect(fn).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
  });

  it('leaves a wait longer than maxDelayMs to the caller', async () => {
    const fn = flaky(transient(60_000));
    await expect(withRetries(fn, options)).rejects.toMatchObject({ retryAfterMs: 60_000 });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('stops waiting as soon as the caller aborts', async () => {
    const controller = new AbortController();
    const fn = flaky(transient(), transient());
    const result = withRetries(fn, { ...options, signal: controller.signal }).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(10);
    controller.abort(new Error('shutting down'));
    expect(await result).toEqual(new Error('shutting down'));
    expect(fn).toHaveBeenCalledTimes(1);
  });
});

describe('retryDelayMs', () => {
  it('uses the shared backoff: jittered within an exponentially growing, capped ceiling', () => {
    const opts = { baseDelayMs: 100, maxDelayMs: 1000 };
    expect(retryDelayMs(transient(), 1, opts, () => 0.5)).toBe(75);
    expect(retryDelayMs(transient(), 3, opts, () => 0.5)).toBe(300);
    expect(retryDelayMs(transient(), 10, opts, () => 0.5)).toBe(750);
    expect(retryDelayMs(transient(), 1, opts, () => 0)).toBe(50);
  });
});

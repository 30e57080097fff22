import { KickedPasses, runPeriodically } from './periodic';

/** A promise the test resolves when it chooses. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((r) => setImmediate(r));
};

describe('runPeriodically', () => {
  it('stop ends the ticks and waits for the pass under way', async () => {
    const gate = deferred();
    let started = 0;
    let finished = 0;
    const stop = runPeriodically(5, async () => {
      started++;
      await gate.promise;
      finished++;
    }, () => undefined);
    await until(() => started === 1);
    const stopping = stop();
    expect(started).toBe(1);
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(started);
  });

  it('merges the ticks that fall due during a slow pass into one pass after it, and stop waits for no backlog', async () => {
    jest.useFakeTimers();
    try {
      const gates = [deferred(), deferred()];
      let started = 0;
      let finished = 0;
      const stop = runPeriodically(10, async () => {
        // The third pass on (only a backlog would start one) ends at once.
        await gates[started++]?.promise;
        finished++;
      }, () => undefined);
      await jest.advanceTimersByTimeAsync(10);
      expect(started).toBe(1);
      await jest.advanceTimersByTimeAsync(55); // five ticks during the first pass
      expect(started).toBe(1);
      gates[0]!.resolve();
      await jest.advanceTimersByTimeAsync(0);
      expect([started, finished]).toEqual([2, 1]); // the five ticks made one pass
      const stopping = stop();
      gates[1]!.resolve();
      await stopping;
      await jest.advanceTimersByTimeAsync(100);
      expect([started, finished]).toEqual([2, 2]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('reports a failed pass and runs the next one', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const stop = runPeriodically(1, async () => {
      passes++;
      if (passes === 1) throw new Error('store away');
    }, (err) => errors.push(err));
    await until(() => passes >= 2);
    await stop();
    expect(errors).toEqual([new Error('store away')]);
  });
});

describe('KickedPasses', () => {
  // An interval long past the test: every pass here comes from a kick.
  const HOUR = 3_600_000;

  it('runs one pass at a time, and one more after a pass that was kicked meanwhile', async () => {
    const gates = [deferred(), deferred()];
    let started = 0;
    let finished = 0;
    const passes = new KickedPasses(async () => {
      await gates[started++]!.promise;
      finished++;
    }, () => undefined);
    passes.start(HOUR);
    passes.kick();
    passes.kick();
    expect(started).toBe(1); // the kicks came during the first pass
    gates[0]!.resolve();
    await until(() => started === 2);
    gates[1]!.resolve();
    await until(() => finished === 2);
    await passes.stop();
    expect(started).toBe(2); // two kicks during one pass ask for one more, not two
  });

  it('reports a failed pass, runs the next kick, and after stop runs nothing', async () => {
    const errors: unknown[] = [];
    let started = 0;
    const passes = new KickedPasses(async () => {
      started++;
      if (started === 1) throw new Error('store away');
    }, (err) => errors.push(err));
    passes.start(HOUR);
    await until(() => errors.length === 1);
    passes.kick();
    await until(() => started === 2);
    await passes.stop();
    passes.kick();
    expect([started, (errors[0] as Error).message]).toEqual([2, 'store away']);
  });
});

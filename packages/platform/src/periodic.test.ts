import { runPeriodically } from './periodic';

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

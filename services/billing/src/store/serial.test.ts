import { KeyedSerializer } from './serial';

/** Yields to the event loop, so tasks that could interleave do. */
const tick = () => new Promise((r) => setImmediate(r));

describe('KeyedSerializer', () => {
  it('runs tasks of one key one at a time, in arrival order, and tasks of other keys alongside', async () => {
    const serial = new KeyedSerializer();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const results = await Promise.all([serial.run('a', task('a1')), serial.run('a', task('a2')), serial.run('b', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.filter((l) => l.endsWith('a1') || l.endsWith('a2'))).toEqual(['start a1', 'end a1', 'start a2', 'end a2']);
    expect(most).toBe(2); // a and b overlapped
  });

  it('goes on after a failed task and forgets idle keys', async () => {
    const serial = new KeyedSerializer();
    const failed = serial.run('a', async () => {
      throw new Error('boom');
    });
    const next = serial.run('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    await tick();
    expect(serial.busyKeys).toBe(0);
  });
});

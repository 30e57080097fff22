import { compareAndSwap, CONFLICT } from './cas';

const tooMuchContention = () => new Error('too much contention');

it('reads and tries again after each conflict, and returns what the first try that wrote returned', async () => {
  let tries = 0;
  const result = await compareAndSwap(async () => (++tries < 3 ? CONFLICT : `written on try ${tries}`), { attempts: 5, tooMuchContention });
  expect(result).toBe('written on try 3');
  expect(tries).toBe(3);
});

it('gives up after the attempts allowed', async () => {
  let tries = 0;
  await expect(compareAndSwap(async () => (tries++, CONFLICT), { attempts: 4, backoff: { baseMs: 1, maxMs: 2 }, tooMuchContention })).rejects.toThrow('too much contention');
  expect(tries).toBe(4);
});

it('ends at once on a refusal: an error thrown by a try is not retried', async () => {
  let tries = 0;
  const refuse = async (): Promise<never> => {
    tries++;
    throw new Error('refused');
  };
  await expect(compareAndSwap(refuse, { attempts: 5, tooMuchContention })).rejects.toThrow('refused');
  expect(tries).toBe(1);
});

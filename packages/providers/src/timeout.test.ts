import { ProviderError } from './errors';
import { withTimeout } from './timeout';

it('turns a provider call with no answer in time into a transient ProviderError (the platform timeout does the rest)', async () => {
  const error = await withTimeout(() => new Promise<never>(() => undefined), { timeoutMs: 20 }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  expect(error).toMatchObject({ kind: 'transient', code: 'timeout' });
});

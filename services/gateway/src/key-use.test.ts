import { KeyUseRecorder } from './key-use';

describe('KeyUseRecorder', () => {
  let now = Date.parse('2026-05-04T09:00:00.000Z');
  const clock = () => now;

  it('reports each key once per flush with its latest use, and nothing when nothing was used', async () => {
    const reports: unknown[] = [];
    const recorder = new KeyUseRecorder(async (uses) => reports.push(uses), clock);
    await recorder.flush();
    recorder.used('aaaaaaaaaaaa');
    now += 1_000;
    recorder.used('aaaaaaaaaaaa');
    recorder.used('bbbbbbbbbbbb');
    await recorder.flush();
    await recorder.flush();
    expect(reports).toEqual([
      [
        { keyId: 'aaaaaaaaaaaa', lastUsedAt: '2026-05-04T09:00:01.000Z' },
        { keyId: 'bbbbbbbbbbbb', lastUsedAt: '2026-05-04T09:00:01.000Z' },
      ],
    ]);
  });

  it('keeps a failed batch for the next flush, where a newer use of the same key wins', async () => {
    let fail = true;
    const reports: unknown[] = [];
    const recorder = new KeyUseRecorder(async (uses) => {
      if (fail) throw new Error('billing away');
      reports.push(uses);
    }, clock);
    recorder.used('aaaaaaaaaaaa');
    recorder.used('bbbbbbbbbbbb');
    await expect(recorder.flush()).rejects.toThrow('billing away');
    now += 5_000;
    recorder.used('bbbbbbbbbbbb');
    fail = false;
    await recorder.flush();
    expect(reports).toEqual([
      [
        { keyId: 'aaaaaaaaaaaa', lastUsedAt: new Date(now - 5_000).toISOString() },
        { keyId: 'bbbbbbbbbbbb', lastUsedAt: new Date(now).toISOString() },
      ],
    ]);
  });
});

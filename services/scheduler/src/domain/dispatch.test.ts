import type { Tracker } from '@brandradar/contracts';
import { DEFAULT_RATES } from '@brandradar/contracts';
import { batches, decide, nextAfter } from './dispatch';

const tracker: Tracker = {
  id: '0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f',
  name: 'T',
  status: 'ACTIVE',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['a', 'b', 'c'],
  brand: 'Acme',
  competitors: ['Other'],
  url: null,
  aliases: [],
  models: ['chatgpt', 'perplexity', 'gemini'],
  samplesPerPrompt: 1,
  samplingMode: 'fixed',
  alerts: { significantChange: false },
  country: null,
  estimatedCostMicroPerRun: 39_000,
  maxCostMicroPerRun: 39_000,
  nextRunAt: '2026-11-23T09:00:00.000Z',
  lastRunAt: null,
  pauseReason: null,
  createdAt: '2026-11-22T09:00:00.000Z',
  updatedAt: '2026-11-22T09:00:00.000Z',
};
const account = { status: 'open' as const, balanceMicro: 39_000, spendLimitMicroPerMonth: null, spentThisMonthMicro: 0 };
const at = new Date('2026-11-23T09:00:00.000Z');
const dearer = { ...DEFAULT_RATES, surfaces: { ...DEFAULT_RATES.surfaces, chatgpt: 6_000 } };

describe('decide', () => {
  it('runs when every check passes, at the current estimate', () => {
    expect(decide(tracker, account, DEFAULT_RATES, at)).toEqual({ kind: 'run', estimatedCostMicro: 39_000 });
  });

  it.each([
    ['account_closed', tracker, { ...account, status: 'closed' as const }, DEFAULT_RATES],
    ['invalid_definition', { ...tracker, competitors: [] }, account, DEFAULT_RATES],
    ['invalid_schedule', { ...tracker, cadence: { ...tracker.cadence, timezone: 'Atlantis/Capital' } }, account, DEFAULT_RATES],
    ['cost_above_maximum', tracker, account, dearer],
    ['insufficient_credits', tracker, { ...account, balanceMicro: 38_999 }, DEFAULT_RATES],
    ['spend_limit_reached', tracker, { ...account, spendLimitMicroPerMonth: 50_000, spentThisMonthMicro: 11_001 }, DEFAULT_RATES],
  ] as const)('pauses with %s', (reason, t, a, rates) => {
    expect(decide(t as Tracker, a, rates, at)).toEqual({ kind: 'pause', reason });
  });

  it('checks in the contract order: the first failing check names the reason', () => {
    const everythingWrong = { ...tracker, competitors: [] };
    expect(decide(everythingWrong, { ...account, status: 'closed', balanceMicro: 0 }, dearer, at)).toEqual({ kind: 'pause', reason: 'account_closed' });
    expect(decide(everythingWrong, { ...account, balanceMicro: 0 }, dearer, at)).toEqual({ kind: 'pause', reason: 'invalid_definition' });
    expect(decide(tracker, { ...account, balanceMicro: 0, spendLimitMicroPerMonth: 0 }, dearer, at)).toEqual({ kind: 'pause', reason: 'cost_above_maximum' });
    expect(decide(tracker, { ...account, balanceMicro: 0, spendLimitMicroPerMonth: 0 }, DEFAULT_RATES, at)).toEqual({ kind: 'pause', reason: 'insufficient_credits' });
  });

  it('allows spending exactly up to the limit', () => {
    expect(decide(tracker, { ...account, spendLimitMicroPerMonth: 50_000, spentThisMonthMicro: 11_000 }, DEFAULT_RATES, at).kind).toBe('run');
  });
});

describe('nextAfter', () => {
  it('is the following occurrence when that is still ahead', () => {
    expect(nextAfter(tracker, at, new Date('2026-11-23T09:00:05.000Z'))).toEqual(new Date('2026-11-30T09:00:00.000Z'));
  });

  it('skips occurrences missed while the scheduler was down: no backlog', () => {
    expect(nextAfter(tracker, at, new Date('2026-12-15T12:00:00.000Z'))).toEqual(new Date('2026-12-21T09:00:00.000Z'));
  });
});

describe('batches', () => {
  const items = Array.from({ length: 7 }, (_, i) => ({ i, text: 'x'.repeat(90) })); // 100 bytes of JSON each or a little more

  it('keeps the order and at most `max` items a batch', () => {
    expect(batches(items, 3, 1_000_000).map((b) => b.map((x) => x.i))).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('starts a new batch before one would pass `maxBytes`, and sends an item larger than that alone', () => {
    const size = Buffer.byteLength(JSON.stringify(items[0]));
    expect(batches(items, 100, 2 * size + 1).map((b) => b.length)).toEqual([2, 2, 2, 1]);
    expect(batches([{ big: 'y'.repeat(500) }, ...items.slice(0, 2)], 100, 300).map((b) => b.length)).toEqual([1, 2]);
  });

  it('makes no batch of nothing', () => {
    expect(batches([], 100, 1_000)).toEqual([]);
  });
});

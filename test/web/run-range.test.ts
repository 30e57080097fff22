import type { Run } from '@brandradar/contracts';
import { beyondLoaded, localDate, presetRange, rangeText, runLabels, runsInRange } from '../../packages/web/src/run-range';

// The report's date range and run labels (packages/web/src/run-range.ts), in node.
const run = (id: string, finishedAt: string, trigger: 'manual' | 'scheduled' = 'manual', createdAt = finishedAt) =>
  ({ id, createdAt, startedAt: finishedAt, finishedAt, scheduledFor: null, trigger }) as unknown as Run;
/** A local time as ISO 8601, so the tests hold in any time zone. */
const at = (y: number, m: number, d: number, hh = 12, mm = 0, ss = 0) => new Date(y, m - 1, d, hh, mm, ss).toISOString();

describe('runLabels', () => {
  // The report passes format.ts's whenExactly; here the time as given, to see what is chosen.
  const asGiven = (iso: string) => iso;
  it('tells apart two runs of the same minute by their seconds and numbers, counted oldest first', () => {
    const runs = [run('b', '2026-11-28T12:03:40.000Z', 'manual', '2026-11-28T12:03:20.000Z'), run('a', '2026-11-28T12:03:15.000Z', 'scheduled', '2026-11-28T12:03:01.000Z')];
    const labels = runLabels(runs, asGiven);
    expect(labels.get('a')).toBe('#1 · 2026-11-28T12:03:15.000Z · scheduled');
    expect(labels.get('b')).toBe('#2 · 2026-11-28T12:03:40.000Z · manual');
  });

  it('numbers two runs requested together by the time they show, the order the chart places them in', () => {
    // Asked one after the other, the second finished first.
    const runs = [run('first', '2026-11-28T12:03:40.000Z', 'manual', '2026-11-28T12:03:01.000Z'), run('second', '2026-11-28T12:03:30.000Z', 'manual', '2026-11-28T12:03:02.000Z')];
    const labels = runLabels(runs, asGiven);
    expect(labels.get('second')).toBe('#1 · 2026-11-28T12:03:30.000Z · manual');
    expect(labels.get('first')).toBe('#2 · 2026-11-28T12:03:40.000Z · manual');
  });

  it('numbers runs of the same instant by id, and labels every run once', () => {
    const same = at(2026, 11, 28, 9);
    const labels = runLabels([run('z', same), run('y', same)], () => 'T');
    expect([...labels]).toEqual([
      ['y', '#1 · T · manual'],
      ['z', '#2 · T · manual'],
    ]);
  });
});

describe('the date range', () => {
  const today = new Date(2026, 10, 28, 15, 30);
  it('reads a preset as dates ending today', () => {
    expect(presetRange('4w', today)).toEqual({ from: '2026-10-31', to: '2026-11-28' });
    expect(presetRange('3m', today)).toEqual({ from: '2026-08-28', to: '2026-11-28' });
    expect(presetRange('12m', today)).toEqual({ from: '2025-11-28', to: '2026-11-28' });
    expect(presetRange('all', today)).toEqual({ from: null, to: null });
    expect(localDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('keeps the runs from the start of the first day to the end of the last, in their order', () => {
    const runs = [run('late', at(2026, 11, 28, 23, 59, 59)), run('early', at(2026, 11, 27, 0, 0, 0)), run('before', at(2026, 11, 26, 23, 59, 59)), run('after', at(2026, 11, 29, 0, 0, 0))];
    expect(runsInRange(runs, { from: '2026-11-27', to: '2026-11-28' }).map((r) => r.id)).toEqual(['late', 'early']);
    expect(runsInRange(runs, { from: null, to: '2026-11-26' }).map((r) => r.id)).toEqual(['before']);
    expect(runsInRange(runs, { from: '2026-11-29', to: null }).map((r) => r.id)).toEqual(['after']);
    expect(runsInRange(runs, { from: null, to: null })).toHaveLength(4);
    expect(runsInRange(runs, { from: '2026-12-01', to: '2026-11-01' })).toEqual([]);
  });

  it('states the range by its runs', () => {
    expect(rangeText([])).toBe('no runs in this range');
    expect(rangeText([run('a', at(2026, 11, 28, 9))])).toMatch(/^1 run on .*2026$/);
    expect(rangeText([run('a', at(2026, 11, 28, 9)), run('b', at(2026, 11, 3, 9))])).toMatch(/^2 runs from .*3.* to .*28.*$/);
  });

  it('says when the range reaches past the newest runs the report loaded', () => {
    const loaded = [run('a', at(2026, 11, 28)), run('b', at(2026, 11, 20))];
    expect(beyondLoaded(loaded, { from: null, to: null }, 3)).toBeNull();
    expect(beyondLoaded(loaded, { from: null, to: null }, 2)).toMatch(/^The report loads the newest 2 runs; runs before .*20.* are not shown\.$/);
    expect(beyondLoaded(loaded, { from: '2026-11-01', to: null }, 2)).not.toBeNull();
    // The oldest loaded run is at noon on the 20th: a run that morning may not be loaded.
    expect(beyondLoaded(loaded, { from: '2026-11-20', to: null }, 2)).not.toBeNull();
    expect(beyondLoaded(loaded, { from: '2026-11-21', to: null }, 2)).toBeNull();
  });
});

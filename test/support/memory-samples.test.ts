import { memoryTrend, type MemoryReading } from './memory-samples';

const MIN = 60_000;
const MIB = 2 ** 20;

/** A reading every 15 s for `minutes`, RSS and heap in use (between collections: up to 20 MiB of garbage on the floor) from `heapFloorMib`. */
function readings(minutes: number, rssMib: (min: number) => number, heapFloorMib: (min: number) => number): MemoryReading[] {
  return Array.from({ length: minutes * 4 + 1 }, (_, i) => {
    const min = i / 4;
    return { atMs: min * MIN, rssBytes: rssMib(min) * MIB, heapUsedBytes: (heapFloorMib(min) + (i % 4) * 5) * MIB };
  });
}

describe('memoryTrend', () => {
  it('counts RSS growth from the end of the warm-up, not from the start', () => {
    const trend = memoryTrend(readings(30, (min) => (min < 5 ? 200 + 20 * min : 300 + min), () => 100), 5 * MIN, 5 * MIN);
    expect(trend.rssAtStartBytes / MIB).toBe(200);
    expect(trend.rssAtFromBytes / MIB).toBe(305);
    expect(trend.rssAtEndBytes / MIB).toBe(330);
    expect(trend.rssGrowthPct).toBeCloseTo((25 / 305) * 100);
  });

  it('takes the floor of the heap per window, and a floor that stays put levels off', () => {
    const trend = memoryTrend(readings(30, () => 300, (min) => (min < 10 ? 80 + min : 90)), 5 * MIN, 5 * MIN);
    expect(trend.heapFloorsBytes.map((b) => b / MIB)).toEqual([85, 90, 90, 90, 90]);
    expect(trend.heapFloorGrowthPct).toBeCloseTo((5 / 85) * 100);
    expect(trend.heapLevelsOff).toBe(true);
  });

  it('a floor that rises window after window does not level off', () => {
    const trend = memoryTrend(readings(30, () => 300, (min) => 80 + 2 * min), 5 * MIN, 5 * MIN);
    expect(trend.heapLevelsOff).toBe(false);
    expect(trend.heapFloorGrowthPct).toBeCloseTo((40 / 90) * 100);
  });

  it('counts only whole windows: the reading that ends the load makes no window of its own', () => {
    const steady = readings(30, () => 300, () => 90);
    const trend = memoryTrend([...steady.slice(0, -1), { atMs: 30 * MIN + 50, rssBytes: 300 * MIB, heapUsedBytes: 150 * MIB }], 5 * MIN, 5 * MIN);
    expect(trend.heapFloorsBytes.map((b) => b / MIB)).toEqual([90, 90, 90, 90, 90]);
    expect(trend.heapLevelsOff).toBe(true);
  });

  it('cannot say a heap levels off from one window', () => {
    const trend = memoryTrend(readings(8, () => 300, () => 90), 5 * MIN, 5 * MIN);
    expect(trend.heapLevelsOff).toBe(false);
    expect(trend.heapFloorGrowthPct).toBeNaN();
  });
});

import fs from 'node:fs';

/** One process's memory at one moment of a soak. */
export interface MemoryReading {
  /** Since the load began. */
  atMs: number;
  rssBytes: number;
  /** V8's heap in use (live objects and garbage not yet collected); NaN when it could not be read. */
  heapUsedBytes: number;
}

/** The resident set of a process (Linux /proc), NaN once it has ended or elsewhere. */
export function rssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const line = status.split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** What one process's readings say from `fromMs` on (the first minutes are the warm-up: caches filling, V8 sizing its heap). */
export interface MemoryTrend {
  rssAtStartBytes: number;
  rssAtFromBytes: number;
  rssAtEndBytes: number;
  /** RSS at the end against RSS at `fromMs`, in per cent. */
  rssGrowthPct: number;
  /**
   * The least heap in use in each whole window of `windowMs` from `fromMs` on: the floor the collector
   * comes back to, which is what is live. Heap in use between collections is mostly garbage.
   */
  heapFloorsBytes: number[];
  /** The last window's floor against the first's, in per cent; NaN without two windows. */
  heapFloorGrowthPct: number;
  /** The last window's floor has grown by less than `levelPct` over the one before it. */
  heapLevelsOff: boolean;
}

/** The reading nearest to `atMs`. */
function nearest(readings: readonly MemoryReading[], atMs: number): MemoryReading {
  return readings.reduce((best, r) => (Math.abs(r.atMs - atMs) < Math.abs(best.atMs - atMs) ? r : best));
}

const growthPct = (from: number, to: number) => ((to - from) / from) * 100;

/**
 * The trend of one process's readings (in time order, at least one): RSS at the start, at `fromMs`
 * and at the end, and the heap's floor per window of `windowMs` after `fromMs`. A heap levels off
 * when its last floor has grown by less than `levelPct` over the floor before it.
 */
export function memoryTrend(readings: readonly MemoryReading[], fromMs: number, windowMs: number, levelPct = 2): MemoryTrend {
  const first = readings[0]!;
  const last = readings[readings.length - 1]!;
  const atFrom = nearest(readings, fromMs);
  const heapFloorsBytes: number[] = [];
  // Whole windows only: the reading that ends the load, a moment past the last window, is one point between collections, not a floor.
  for (let start = fromMs; start + windowMs <= last.atMs; start += windowMs) {
    const heaps = readings.filter((r) => r.atMs >= start && r.atMs < start + windowMs && !Number.isNaN(r.heapUsedBytes)).map((r) => r.heapUsedBytes);
    if (heaps.length > 0) heapFloorsBytes.push(Math.min(...heaps));
  }
  const enough = heapFloorsBytes.length >= 2;
  const lastFloor = heapFloorsBytes[heapFloorsBytes.length - 1]!;
  return {
    rssAtStartBytes: first.rssBytes,
    rssAtFromBytes: atFrom.rssBytes,
    rssAtEndBytes: last.rssBytes,
    rssGrowthPct: growthPct(atFrom.rssBytes, last.rssBytes),
    heapFloorsBytes,
    heapFloorGrowthPct: enough ? growthPct(heapFloorsBytes[0]!, lastFloor) : Number.NaN,
    heapLevelsOff: enough && growthPct(heapFloorsBytes[heapFloorsBytes.length - 2]!, lastFloor) < levelPct,
  };
}

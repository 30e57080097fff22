import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '@brandradar/devstack';

/**
 * deploy/grafana/brandradar.json: a dashboard Grafana can import, whose every query is over a
 * metric the services register.
 */
const dashboard = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'deploy', 'grafana', 'brandradar.json'), 'utf8'));
const panels: any[] = dashboard.panels;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Names given to a metric constructor, or any metric-shaped string literal (e.g. passed to the platform's `counter()`). */
function registeredMetrics(): Set<string> {
  const names = new Set<string>();
  for (const root of ['packages', 'services']) {
    for (const file of sources(path.join(REPO_ROOT, root))) {
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/new (?:Histogram|Counter|Gauge|Summary)\(\{\s*name: '([a-z_:]+)'|'([a-z_]+_(?:total|seconds|bytes|pending))'/g)) names.add((m[1] ?? m[2])!);
    }
  }
  return names;
}

describe('the Grafana dashboard', () => {
  it('is an importable dashboard with a Prometheus data source variable and unique panel ids', () => {
    expect(dashboard).toMatchObject({ uid: 'brandradar-overview', title: 'brandradar', schemaVersion: expect.any(Number) });
    expect(dashboard.templating.list.map((v: any) => v.name)).toEqual(['datasource', 'namespace', 'service']);
    const ids = panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lays its panels out on the 24-column grid in reading order, none overlapping, rows full width', () => {
    const problems: string[] = [];
    const taken = new Map<string, number>();
    let previous = { x: -1, y: -1 };
    for (const { id, type, gridPos: g } of panels) {
      if (!(g.x >= 0 && g.w > 0 && g.x + g.w <= 24 && g.y >= 0 && g.h > 0)) problems.push(`${id}: outside the grid`);
      if (type === 'row' && !(g.x === 0 && g.w === 24 && g.h === 1)) problems.push(`${id}: a row not full width and 1 high`);
      // The order of `panels` is the order on screen: top to bottom, left to right.
      if (!(g.y > previous.y || (g.y === previous.y && g.x > previous.x))) problems.push(`${id}: out of order`);
      previous = g;
      for (let y = g.y; y < g.y + g.h; y++) {
        for (let x = g.x; x < g.x + g.w; x++) {
          const other = taken.get(`${x},${y}`);
          if (other !== undefined) problems.push(`${id}: overlaps ${other} at ${x},${y}`);
          taken.set(`${x},${y}`, id);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has panels for HTTP, NATS, runs, reanalysis, providers, billing, consumer lag and the Node.js process', () => {
    const exprs = panels.flatMap((p) => (p.targets ?? []).map((t: any) => t.expr as string)).join('\n');
    for (const metric of [
      'http_request_duration_seconds',
      'nats_messages_handled_total',
      'run_duration_seconds',
      'reanalysis_answers_total',
      'reanalysis_runs_total',
      'reanalysis_jobs_total',
      'reanalysis_sweep_trackers_remaining',
      'reanalysis_run_duration_seconds',
      'provider_request_duration_seconds',
      'provider_errors_total',
      'answers_billed_total',
      'ledger_amount_micro_total',
      'jetstream_consumer_pending',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(exprs).toContain(metric);
    }
  });

  it('queries only metrics the services register or prom-client defaults', () => {
    const registered = registeredMetrics();
    const queried = new Set(panels.flatMap((p) => (p.targets ?? []).flatMap((t: any) => [...(t.expr as string).matchAll(/\b([a-z_]+)(?:_bucket|_count|_sum)?\{/g)].map((m) => m[1]!))));
    expect(queried.size).toBeGreaterThan(8);
    const unknown = [...queried].filter((m) => {
      const base = m.replace(/_(bucket|count|sum)$/, '');
      return !registered.has(base) && !/^(process|nodejs)_/.test(base);
    });
    expect(unknown).toEqual([]);
  });
});

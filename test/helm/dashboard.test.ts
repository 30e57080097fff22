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

  it('has panels for HTTP, NATS, runs, providers, billing, consumer lag and the Node.js process', () => {
    const exprs = panels.flatMap((p) => (p.targets ?? []).map((t: any) => t.expr as string)).join('\n');
    for (const metric of [
      'http_request_duration_seconds',
      'nats_messages_handled_total',
      'run_duration_seconds',
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

/**
 * The comparison chart a JSON report (`GET /api/v1/trackers/:id/report`) opens on, built by the web
 * app's own mapping (packages/web/src/chart-spec.ts): the measure of the overview's headline rule
 * (`headlineRule` of @brandradar/analysis), the names the page charts, the runs labelled as the page
 * labels them, with times written in a given locale and zone.
 */
import { headlineRule } from '@brandradar/analysis';
import type { Run, Tracker } from '@brandradar/contracts';
import { comparisonSpec } from '@brandradar/web/dist/chart-spec.js';
import type { ComparisonSpec } from '@brandradar/web/dist/chart-layout.js';
import { chartedNames, headlineMeasure, measuredRuns, type Measure } from '@brandradar/web/dist/measures.js';
import { runLabels } from '@brandradar/web/dist/run-range.js';

export interface ReportChart {
  measure: Measure;
  /** The headline's own name (the brand, the leader, the most cited domain); null for the URL's rate. */
  name: string | null;
  spec: ComparisonSpec;
}

/** The headline measure and chart of `report`, null while it has no measured run; times in `timeZone` (UTC unless given), written in `locale` (en-GB). */
export function reportChart(report: { tracker: Tracker; runs: Run[] }, options: { locale?: string; timeZone?: string } = {}): ReportChart | null {
  const runs = measuredRuns(report.runs);
  const newest = runs.at(-1);
  const { primitive, brand, url } = report.tracker;
  if (!newest) return null;
  const rule = headlineRule({ primitive, brand, url }, newest.metrics);
  const measure = headlineMeasure(rule.measure);
  const at = new Intl.DateTimeFormat(options.locale ?? 'en-GB', { dateStyle: 'medium', timeStyle: 'medium', timeZone: options.timeZone ?? 'UTC' });
  const labels = runLabels(report.runs, (iso) => at.format(new Date(iso)));
  return { measure, name: rule.name, spec: comparisonSpec(measure, runs, chartedNames(measure, runs), (r) => labels.get(r.id)!) };
}

/** The building blocks of the CLI's text: amounts, rates, tables, `name: value` lines, one-line excerpts. */
import type { SamplingMode } from '@brandradar/client';

/** Micro-units as dollars: 39,000 → `$0.39`; sub-cent amounts keep their digits ($0.00125). */
export function money(micro: number): string {
  const dollars = micro / 100_000;
  const cents = Math.round(dollars * 100) / 100;
  return cents === dollars ? `$${dollars.toFixed(2)}` : `$${dollars.toFixed(5).replace(/0+$/, '')}`;
}

/** A rate in [0, 1] as a percentage with one decimal; `–` when absent. */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '–' : `${(rate * 100).toFixed(1)}%`;
}

export const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * How the answers of a run come about: `3 prompts × 2 surfaces × 5 samples`. An adaptive run asks
 * each cell 2 samples first and the rest only when they disagree, hence `2–5 samples`.
 */
export function answerPlan(p: { prompts: number; surfaces: number; samplesPerPrompt: number; samplingMode: SamplingMode }): string {
  const first = p.samplingMode === 'adaptive' ? Math.min(2, p.samplesPerPrompt) : p.samplesPerPrompt;
  const samples = first === p.samplesPerPrompt ? plural(p.samplesPerPrompt, 'sample') : `${first}–${p.samplesPerPrompt} samples`;
  return `${plural(p.prompts, 'prompt')} × ${plural(p.surfaces, 'surface')} × ${samples}${p.samplingMode === 'adaptive' ? ', adaptive' : ''}`;
}

/** Rows as a plain-text table: a header, a rule, left-aligned columns two spaces apart. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}

/** `name: value` lines, the values aligned. */
export function fields(lines: [string, string][]): string {
  const width = Math.max(...lines.map(([k]) => k.length));
  return lines.map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${v}`).join('\n') + '\n';
}

/**
 * Answer text on one terminal line: control characters (an answer could carry escape sequences
 * that a terminal would obey) and runs of white space become one space.
 */
// eslint-disable-next-line no-control-regex -- control characters are what it removes
export const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f\s]+/g, ' ');
/** At most `max` characters, with `…` where it was cut. */
export const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1)}…`);

/** A 95% interval as `12.0%–18.5%`; `–` when absent. */
export const interval = (i: { low: number; high: number } | null | undefined) => (i ? `${percent(i.low)}–${percent(i.high)}` : '–');

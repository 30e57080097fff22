/** Orders the insights list: counts first, then text in code-unit order, the same on every machine. */
import { countBy } from './metrics';

/** Keys by count, most first; ties in code-unit order. */
export function ranked<K extends string>(counts: Map<K, number>): K[] {
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0])).map(([key]) => key);
}

/** The form written most often; the first written among equals. */
export function mostWritten(forms: readonly string[]): string {
  const counts = countBy(forms);
  return forms.reduce((best, form) => (counts.get(form)! > counts.get(best)! ? form : best), forms[0]!);
}

export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The report's parts below its first screen, each a section that opens on demand (a `<details>`
 * whose `<summary>` holds the section's heading) and remembers whether it was open, in this
 * browser's localStorage, by the section's fixed name: never by a tracker, a brand or anything else
 * a user typed. And the short help texts that stand beside what they explain.
 */
import { h } from './dom.js';

/** The sections the report remembers; their names are the storage keys' only variable part. */
export type ReportSection = 'breakdowns' | 'sources' | 'cells' | 'insights' | 'runs';

const storageKey = (name: ReportSection) => `brandradar.report.open.${name}`;

/** Whether the section was left open; closed until opened once, and where storage is refused (a private window may). */
function wasOpen(name: ReportSection): boolean {
  try {
    return localStorage.getItem(storageKey(name)) === 'open';
  } catch {
    return false;
  }
}

function remember(name: ReportSection, open: boolean): void {
  try {
    localStorage.setItem(storageKey(name), open ? 'open' : 'closed');
  } catch {
    // Nothing kept: the section opens closed next time, as it did the first time.
  }
}

/**
 * A `<section>` named by its heading, the heading the `<summary>` of a `<details>` holding the rest.
 * `forceOpen` opens it without asking (e.g. a heat-map cell asking for a run's answers), which is
 * remembered as any opening is.
 */
export function onDemandSection(name: ReportSection, title: string, content: Array<Node | null>, { forceOpen = false, className = '' } = {}): HTMLElement {
  const headingId = `section-${name}-heading`;
  const details = h('details', { class: 'on-demand', open: forceOpen || wasOpen(name) }, h('summary', {}, h('h2', { id: headingId }, title)), ...content);
  details.addEventListener('toggle', () => remember(name, details.open));
  if (forceOpen) remember(name, true);
  return h('section', { 'aria-labelledby': headingId, class: `${className} section-${name}`.trim() }, details);
}

/** A short help text beside what it explains: closed, a keyboard-reachable summary (`About …`) that a screen reader names. */
export const helpText = (about: string, ...content: Array<Node | string | null>): HTMLElement =>
  h('details', { class: 'help' }, h('summary', {}, about), h('div', { class: 'help-body' }, ...content));

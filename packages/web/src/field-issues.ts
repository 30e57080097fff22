/** The API's validation issues shown where they belong: next to the field each names, the rest above the form. */
import type { Issue } from './api.js';
import { h } from './dom.js';

/**
 * Each issue next to the control its path's first part names (into the element `<control id>-error`,
 * marking the control invalid); issues of no listed field go to `rest`; the first named control
 * takes focus. An empty list clears every message.
 */
export function showFieldIssues(issues: readonly Issue[], controls: ReadonlyMap<string, HTMLElement>, rest: HTMLElement): void {
  for (const control of controls.values()) {
    control.removeAttribute('aria-invalid');
    const message = document.getElementById(`${control.id}-error`);
    if (message) message.textContent = '';
  }
  rest.replaceChildren();
  let first: HTMLElement | undefined;
  for (const issue of issues) {
    const control = controls.get(issue.path.split('.')[0] ?? '');
    const message = control && document.getElementById(`${control.id}-error`);
    if (!control || !message) {
      rest.append(h('li', {}, issue.message));
      continue;
    }
    message.textContent = message.textContent ? `${message.textContent} ${issue.message}` : issue.message;
    control.setAttribute('aria-invalid', 'true');
    first ??= control;
  }
  first?.focus();
}

/** A secret the API answers once (a webhook's signing secret, an API key): shown with Copy and a warning that it cannot be shown again. */
import { h } from './dom.js';
import type { View } from './view.js';

export interface SecretShown {
  /** The field's id: the page focuses it once the secret is shown. */
  id: string;
  heading: string;
  label: string;
  /** Says it is shown only now, and where to keep it. */
  warning: string;
  secret: string;
}

export function secretBox(view: View, { id, heading, label, warning, secret }: SecretShown): HTMLElement {
  const field = h('input', { id, type: 'text', readonly: true, value: secret, spellcheck: 'false', autocomplete: 'off', 'aria-describedby': `${id}-note`, class: 'secret' });
  field.addEventListener('focus', () => field.select());
  // The clipboard is there only in a secure context (https, localhost) and may be refused: then the field is the way.
  const copy = () =>
    view.act(async () => {
      const copied = await (navigator.clipboard?.writeText(secret) ?? Promise.reject(new Error('no clipboard'))).then(
        () => true,
        () => false,
      );
      if (copied) return 'The secret is copied.';
      field.focus();
      return 'This browser did not let the page copy it: the secret is selected, copy it with your keyboard or menu.';
    });
  return h(
    'section',
    { class: 'secret-box', 'aria-labelledby': `${id}-heading` },
    h('h2', { id: `${id}-heading` }, heading),
    h('p', { id: `${id}-note`, class: 'warning' }, warning),
    h('div', { class: 'field' }, h('label', { for: id }, label), field),
    h('div', { class: 'actions' }, h('button', { class: 'primary', type: 'button', on: { click: () => void copy() } }, 'Copy secret')),
  );
}

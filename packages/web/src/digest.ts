/**
 * The Settings page's weekly digest (api-contract §16): whether it is sent, on which weekday and at
 * what local time in which zone, to whom, and with report PDFs or not. Owners (the `admin` scope)
 * change it; everyone else sees it read-only, with the reason in words. Addresses are the
 * account's text, set as values, never as markup.
 */
import type { DigestReply, DigestSettingsInput } from '@brandradar/contracts';
import { allowedOr, can, whyNot } from './access.js';
import { ApiError, call } from './api.js';
import { h } from './dom.js';
import { showFieldIssues } from './field-issues.js';
import type { View } from './view.js';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const read = async () => (await call<DigestReply>('GET', '/account/digest')).body;
const save = async (input: DigestSettingsInput) => (await call<DigestReply>('PUT', '/account/digest', input)).body;

/** Addresses as typed: one a line or separated by commas, blanks dropped; the API checks each. */
const addresses = (text: string) => text.split(/[\n,]/).map((a) => a.trim()).filter((a) => a !== '');

/** A labelled control with its hint and the place its error is said, both read with it by screen readers. */
function field(id: string, label: string, control: HTMLElement, hint?: string): HTMLElement {
  control.setAttribute('aria-describedby', [hint ? `${id}-hint` : '', `${id}-error`].join(' ').trim());
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label),
    hint ? h('p', { class: 'hint', id: `${id}-hint` }, hint) : null,
    control,
    h('p', { class: 'field-error', id: `${id}-error` }),
  );
}

/** When the next e-mail goes out, in the digest's own zone: what its recipients read on their clocks. */
function nextSend({ digest: d, nextSendAt }: DigestReply): string {
  if (nextSendAt === null) return 'The digest is off: nothing is sent.';
  const local = new Intl.DateTimeFormat('en-GB', { timeZone: d.timezone, dateStyle: 'full', timeStyle: 'short' }).format(new Date(nextSendAt));
  return `Next e-mail: ${local} (${d.timezone}).`;
}

export async function digestView(view: View): Promise<void> {
  const current = await read();
  const { digest } = current;
  const mayEdit = can('admin');
  const enabled = h('input', { id: 'digest-enabled', type: 'checkbox', checked: digest.enabled });
  const weekday = h('select', { id: 'digest-weekday' }, ...WEEKDAYS.map((day, i) => h('option', { value: String(i), selected: i === digest.weekday }, day)));
  const time = h('input', { id: 'digest-time', type: 'time', required: true, value: digest.time });
  const timezone = h('input', { id: 'digest-timezone', type: 'text', required: true, value: digest.timezone, autocomplete: 'off', spellcheck: false });
  const recipients = h('textarea', { id: 'digest-recipients', rows: 3, required: true });
  recipients.value = digest.recipients.join('\n');
  const attachPdf = h('input', { id: 'digest-pdf', type: 'checkbox', checked: digest.attachPdf });
  const controls = [enabled, weekday, time, timezone, recipients, attachPdf];
  for (const c of controls) c.disabled = !mayEdit;
  const formErrors = h('ul', { class: 'form-errors' });
  const next = h('p', { id: 'digest-next' }, nextSend(current));
  const byField = new Map<string, HTMLElement>([
    ['weekday', weekday],
    ['time', time],
    ['timezone', timezone],
    ['recipients', recipients],
  ]);

  const form = h(
    'form',
    { 'aria-labelledby': 'digest-heading', novalidate: true },
    h('h2', { id: 'digest-heading' }, 'Weekly digest by e-mail'),
    h(
      'p',
      {},
      'Once a week each recipient gets one e-mail: every active or paused tracker’s headline figure with its change and whether it is significant, a chart of it, new names the answers put forward, the week’s failed runs and pauses, and a link to each report.',
    ),
    mayEdit ? null : h('p', { class: 'hint not-allowed', id: 'digest-read-only' }, `${whyNot('admin')} You see the setting as it is.`),
    formErrors,
    h('div', { class: 'field inline' }, h('label', { class: 'check switch', for: 'digest-enabled' }, enabled, 'Send the weekly digest')),
    field('digest-weekday', 'Day', weekday),
    field('digest-time', 'Time', time),
    field('digest-timezone', 'Time zone', timezone, 'An IANA time zone, such as Europe/Berlin or America/New_York. The e-mail goes out at that local time, summer and winter.'),
    field('digest-recipients', 'Recipients', recipients, 'One to ten e-mail addresses, one a line. Each gets its own copy, once a week.'),
    h('div', { class: 'field inline' }, h('label', { class: 'check', for: 'digest-pdf' }, attachPdf, 'Attach each tracker’s report as a PDF')),
    next,
    h('div', { class: 'actions' }, allowedOr('admin', h('button', { class: 'primary', type: 'submit' }, 'Save'))),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const input: DigestSettingsInput = {
      enabled: enabled.checked,
      weekday: Number(weekday.value),
      time: time.value,
      timezone: timezone.value.trim(),
      recipients: addresses(recipients.value),
      attachPdf: attachPdf.checked,
    };
    void view.act(async () => {
      try {
        next.textContent = nextSend(await save(input));
        showFieldIssues([], byField, formErrors);
        return `Saved. ${next.textContent}`;
      } catch (err) {
        showFieldIssues(err instanceof ApiError ? err.issues : [], byField, formErrors);
        throw err;
      }
    });
  });
  view.show('Settings', form);
}

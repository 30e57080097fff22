/**
 * Webhooks (issue 35): the account's endpoints, a form to add one (its signing secret shown once),
 * and an endpoint's delivery log with a redelivery per delivery.
 */
import { allowedOr, can, whyNot } from './access.js';
import { confirmDialog } from './actions.js';
import { api, ApiError, type Issue, type Webhook, type WebhookCreated, type WebhookDelivery } from './api.js';
import { h } from './dom.js';
import { when, whenExactly } from './format.js';
import { secretBox } from './secret-box.js';
import { showMoreButton, type View } from './view.js';
import { deliveryStatusText, durationText, httpStatusText, WEBHOOK_EVENTS, webhookStatusText } from './webhook-text.js';

/** Deliveries per page of the log; "Show older deliveries" reads the next by the API's cursor. */
const PAGE = 20;
const LIST_HEADING = 'webhooks-list-heading';

/**
 * The endpoints and the form that adds one. `created`: the endpoint just added, whose secret this
 * render shows and no later one can; `focus`: what takes focus once drawn (after an action).
 */
export async function webhooksView(view: View, after: { created?: WebhookCreated; focus?: string } = {}): Promise<void> {
  const webhooks = await api.webhooks();
  const reload = (focus: string) => webhooksView(view, { focus });
  const cell = (label: string, ...content: (string | Node | null)[]) => h('td', { 'data-label': label }, ...content);
  const toggle = (w: Webhook) => {
    const next = w.status === 'enabled' ? 'disabled' : 'enabled';
    const label = next === 'enabled' ? 'Enable' : 'Disable';
    return h(
      'button',
      {
        class: 'secondary',
        id: `toggle-${w.id}`,
        'aria-label': `${label} ${w.url}`,
        on: {
          click: () =>
            void view.act(
              async () => `${w.url} is ${webhookStatusText(await api.setWebhookStatus(w.id, next)).toLowerCase()}.`,
              () => reload(`toggle-${w.id}`),
            ),
        },
      },
      label,
    );
  };
  const remove = (w: Webhook) =>
    h(
      'button',
      {
        class: 'secondary',
        'aria-label': `Delete ${w.url}`,
        on: {
          click: () =>
            void view.act(
              async () => {
                if (!(await confirmDialog('Delete webhook', [`Delete the endpoint ${w.url}? It gets no more events, and deliveries not yet made are dropped. This cannot be undone.`], 'Delete'))) return;
                await api.removeWebhook(w.id);
                return `${w.url} is deleted.`;
              },
              () => reload(LIST_HEADING),
            ),
        },
      },
      'Delete',
    );
  const row = (w: Webhook) =>
    h(
      'tr',
      {},
      // One block: a card's cell lays its children side by side.
      cell('URL', h('div', { class: 'url' }, w.url, w.description ? h('span', { class: 'plan' }, w.description) : null)),
      cell('Events', h('ul', { class: 'plain' }, ...w.events.map((e) => h('li', {}, h('code', {}, e))))),
      cell('Status', h('span', { class: `status ${w.status}` }, webhookStatusText(w))),
      cell('Created', when(w.createdAt)),
      cell(
        'Actions',
        h(
          'div',
          { class: 'actions' },
          h('a', { href: `#/webhooks/${w.id}`, class: 'button secondary', 'aria-label': `Delivery log of ${w.url}` }, 'Delivery log'),
          can('manage') ? toggle(w) : null,
          can('manage') ? remove(w) : null,
        ),
      ),
    );
  const list =
    webhooks.length === 0
      ? h('p', {}, 'No webhook endpoints yet.')
      : h(
          'table',
          { class: 'cards' },
          h('caption', { class: 'visually-hidden' }, 'Your webhook endpoints, newest first'),
          h('thead', {}, h('tr', {}, ...['URL', 'Events', 'Status', 'Created', 'Actions'].map((c) => h('th', { scope: 'col' }, c)))),
          h('tbody', {}, ...webhooks.map(row)),
        );
  view.show(
    'Webhooks',
    h('p', {}, 'brandradar POSTs the events you choose to your endpoints as JSON, signed with the endpoint’s secret (Standard Webhooks). ', h('a', { href: '/docs' }, 'The API reference'), ' says how to verify a delivery.'),
    after.created ? webhookSecretBox(view, after.created) : null,
    h('section', { 'aria-labelledby': LIST_HEADING }, h('h2', { id: LIST_HEADING, tabindex: -1 }, 'Your endpoints'), list),
    can('manage') ? addForm(view, (created) => webhooksView(view, { created })) : h('p', { class: 'hint' }, whyNot('manage')),
  );
  if (after.created) document.getElementById('webhook-secret')?.focus();
  else if (after.focus) document.getElementById(after.focus)?.focus();
}

/** The new endpoint's secret, said plainly to be shown this once. */
const webhookSecretBox = (view: View, { webhook, secret }: WebhookCreated): HTMLElement =>
  secretBox(view, {
    id: 'webhook-secret',
    heading: 'Signing secret',
    label: 'Signing secret',
    warning: `Shown only now: copy the secret of ${webhook.url} and keep it where your receiver verifies signatures. It cannot be shown again.`,
    secret,
  });

/** The fields an issue's path may name, each with its element for the API's message. */
const FORM_FIELDS = ['url', 'events', 'description'] as const;
type FormField = (typeof FORM_FIELDS)[number];

function addForm(view: View, onCreated: (created: WebhookCreated) => Promise<void>): HTMLElement {
  const errorOf = new Map<FormField, HTMLElement>(FORM_FIELDS.map((f) => [f, h('p', { class: 'field-error', id: `webhook-error-${f}` })]));
  const url = h('input', { id: 'webhook-url', type: 'url', required: true, autocomplete: 'off', spellcheck: 'false', 'aria-describedby': 'webhook-hint-url webhook-error-url' });
  const description = h('input', { id: 'webhook-description', type: 'text', maxlength: 200, 'aria-describedby': 'webhook-hint-description webhook-error-description' });
  const boxes = WEBHOOK_EVENTS.map(([event, words]) => {
    const box = h('input', { type: 'checkbox', name: 'events', value: event });
    return { event, label: h('label', { class: 'check event' }, box, ' ', h('code', {}, event), h('span', { class: 'hint' }, words)), box };
  });
  const events = h(
    'fieldset',
    { class: 'field', id: 'webhook-events', tabindex: -1, 'aria-describedby': 'webhook-error-events' },
    h('legend', {}, 'Events to send'),
    h('div', { class: 'event-list' }, ...boxes.map((b) => b.label)),
    errorOf.get('events'),
  );
  const formErrors = h('ul', { class: 'form-errors' });
  const controlOf: Record<FormField, HTMLElement> = { url, events, description };

  /** Each issue next to the field its path names (`events.0` is the events); others above the form; focus on the first. */
  const showIssues = (issues: Issue[]) => {
    for (const f of FORM_FIELDS) {
      errorOf.get(f)!.textContent = '';
      controlOf[f].removeAttribute('aria-invalid');
    }
    formErrors.replaceChildren();
    const named: FormField[] = [];
    for (const issue of issues) {
      const key = FORM_FIELDS.find((f) => f === issue.path.split('.')[0]);
      if (!key) {
        formErrors.append(h('li', {}, issue.message));
        continue;
      }
      const el = errorOf.get(key)!;
      el.textContent = el.textContent ? `${el.textContent} ${issue.message}` : issue.message;
      controlOf[key].setAttribute('aria-invalid', 'true');
      named.push(key);
    }
    const first = FORM_FIELDS.find((f) => named.includes(f));
    if (first) controlOf[first].focus();
  };

  const form = h(
    'form',
    { class: 'webhook-form', novalidate: true, 'aria-labelledby': 'webhook-add-heading' },
    h('h2', { id: 'webhook-add-heading' }, 'Add an endpoint'),
    formErrors,
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'webhook-url' }, 'URL'),
      h('p', { class: 'hint', id: 'webhook-hint-url' }, 'Where events are POSTed, e.g. https://hooks.example.com/brandradar. It must answer 2xx within 10 seconds; a failed delivery is retried for 24 hours.'),
      url,
      errorOf.get('url'),
    ),
    events,
    h(
      'div',
      { class: 'field' },
      h('label', { for: 'webhook-description' }, 'Description (optional)'),
      h('p', { class: 'hint', id: 'webhook-hint-description' }, 'What the endpoint is for, up to 200 characters.'),
      description,
      errorOf.get('description'),
    ),
    h('div', { class: 'actions' }, h('button', { class: 'primary', type: 'submit' }, 'Add endpoint')),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const input = {
      url: url.value.trim(),
      events: boxes.filter((b) => b.box.checked).map((b) => b.event),
      ...(description.value.trim() === '' ? {} : { description: description.value }),
    };
    void view.act(async () => {
      let created: WebhookCreated;
      try {
        created = await api.createWebhook(input);
      } catch (err) {
        showIssues(err instanceof ApiError ? err.issues : []);
        throw err;
      }
      await onCreated(created);
      return `${created.webhook.url} is added. Copy its signing secret now.`;
    });
  });
  return form;
}

/** One delivery: what it carried, how it stands, each attempt, and the button that sends it again. */
function deliveryItem(view: View, webhookId: string, d: WebhookDelivery): HTMLElement {
  const headingId = `delivery-${d.id}`;
  const item: HTMLElement = h(
    'article',
    { class: 'delivery', 'aria-labelledby': headingId },
    h('h2', { id: headingId, tabindex: -1 }, h('code', {}, d.type), ` · ${whenExactly(d.createdAt)}`),
    h('p', {}, h('span', { class: `status ${d.status}` }, deliveryStatusText(d)), d.nextAttemptAt ? ` · next attempt ${when(d.nextAttemptAt)}` : ''),
    h('p', { class: 'hint' }, 'Delivery id (the webhook-id header): ', h('code', {}, d.id)),
    d.attempts.length === 0
      ? h('p', {}, 'No attempt yet.')
      : h(
          'table',
          { class: 'cards attempts' },
          h('caption', {}, `Attempts, oldest first (${d.attempts.length})`),
          h('thead', {}, h('tr', {}, ...['Time', 'Outcome', 'HTTP status', 'Duration', 'Error'].map((c) => h('th', { scope: 'col' }, c)))),
          h(
            'tbody',
            {},
            ...d.attempts.map((a) =>
              h(
                'tr',
                {},
                h('td', { 'data-label': 'Time' }, whenExactly(a.at)),
                h('td', { 'data-label': 'Outcome' }, a.outcome === 'succeeded' ? 'Succeeded' : 'Failed'),
                h('td', { 'data-label': 'HTTP status' }, httpStatusText(a.httpStatus)),
                h('td', { 'data-label': 'Duration' }, durationText(a.durationMs)),
                h('td', { 'data-label': 'Error', class: 'error-text' }, a.error ?? '—'),
              ),
            ),
          ),
        ),
    h(
      'div',
      { class: 'actions' },
      allowedOr(
        'manage',
        h(
          'button',
          {
            class: 'secondary',
            'aria-describedby': headingId,
            on: {
              click: () =>
                void view.act(async () => {
                  const again = await api.redeliver(webhookId, d.id);
                  const fresh = deliveryItem(view, webhookId, again);
                  item.replaceWith(fresh);
                  fresh.querySelector('button')?.focus();
                  return `The ${again.type} delivery is sent again, with the same webhook-id.`;
                }),
            },
          },
          'Redeliver',
        ),
      ),
    ),
  );
  return item;
}

/** An endpoint's delivery log, newest first, a page at a time. */
export async function deliveriesView(view: View, webhookId: string): Promise<void> {
  const [webhook, first] = await Promise.all([api.webhook(webhookId), api.deliveries(webhookId, PAGE)]);
  let next = first.nextCursor;
  const list = h('div', { class: 'deliveries' }, ...first.deliveries.map((d) => deliveryItem(view, webhookId, d)));
  const more = showMoreButton(view, 'Show older deliveries', async () => {
    const page = await api.deliveries(webhookId, PAGE, next!);
    const items = page.deliveries.map((d) => deliveryItem(view, webhookId, d));
    list.append(...items);
    items[0]?.querySelector('h2')?.focus();
    next = page.nextCursor;
    return next !== null;
  });
  view.show(
    'Delivery log',
    h('p', {}, h('a', { href: '#/webhooks' }, 'All webhooks')),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Endpoint'),
      h('dd', { class: 'url' }, webhook.url),
      h('dt', {}, 'Status'),
      h('dd', {}, h('span', { class: `status ${webhook.status}` }, webhookStatusText(webhook))),
      h('dt', {}, 'Events'),
      h('dd', {}, webhook.events.join(', ')),
    ),
    first.deliveries.length === 0 ? h('p', {}, 'No deliveries yet: one is made for each event this endpoint receives.') : list,
    next === null ? null : more,
  );
}

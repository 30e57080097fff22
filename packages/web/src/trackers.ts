/** The trackers list and the tracker form (create and full edit), with the API's own validation messages. */
import type { NameAliases, PRIMITIVE_FIELDS, SamplingMode, Surface } from '@brandradar/contracts';
import { can, whyNot } from './access.js';
import { activate, confirmDialog, runNow, WEEKDAYS } from './actions.js';
import { api, ApiError, type Issue, type Overview, type Tracker } from './api.js';
import { h } from './dom.js';
import { money, pausedBecause, when } from './format.js';
import { changeContent, headlineContent, sparkline } from './headline.js';
import { changedOnlyNames } from './reanalysis.js';
import { estimateText, MAX_SAMPLES, sampleRuleText } from './sampling.js';
import { SURFACE_NAMES } from './surfaces.js';
import { showMoreButton, type View } from './view.js';

/** Trackers per page of the list; "Show more trackers" reads the next page by the API's cursor. */
const PAGE = 20;
const MAX_PAGE = 100;

/**
 * The overview: every tracker with its headline figure, change and trend, and what can be done
 * with it. `shown`: how many the list showed before an action, so reading it again keeps the pages it had.
 */
export async function trackersView(view: View, shown = PAGE): Promise<void> {
  const [account, first] = await Promise.all([api.account(), api.overview(Math.min(Math.max(shown, PAGE), MAX_PAGE))]);
  let count = first.trackers.length;
  let next = first.nextCursor;
  const reload = () => trackersView(view, count);
  const button = (label: string, name: string, action: () => Promise<string | void>, kind = 'secondary') =>
    h('button', { class: kind, 'aria-label': `${label} ${name}`, on: { click: () => void view.act(action, reload) } }, label);
  const cell = (label: string, ...content: (string | Node)[]) => h('td', { 'data-label': label }, ...content);
  const row = ({ tracker: t, headline }: Overview['trackers'][number]) =>
    h(
      'tr',
      {},
      cell('Name', h('a', { href: `#/trackers/${t.id}` }, t.name)),
      cell('Measures', t.primitive),
      cell('Status', h('span', { class: `status ${t.status.toLowerCase()}` }, t.status)),
      cell('Headline', headline ? headlineContent(headline) : 'No run yet.'),
      cell('Change', headline ? changeContent(headline) : '—'),
      cell('Trend', (headline && sparkline(headline)) ?? '—'),
      cell('Pause reason', pausedBecause(t) || '—'),
      cell('Next run', when(t.nextRunAt)),
      cell('Per run', money(t.estimatedCostMicroPerRun)),
      cell(
        'Actions',
        h(
          'div',
          { class: 'actions' },
          can('manage') ? h('a', { href: `#/trackers/${t.id}/edit`, class: 'button secondary', 'aria-label': `Edit ${t.name}` }, 'Edit') : null,
          t.status === 'ACTIVE' && can('run') ? button('Run now', t.name, async () => ((await runNow(t.id)).replayed ? 'That run was already requested.' : `Run queued for “${t.name}”.`), 'primary') : null,
          t.status !== 'ACTIVE' && can('manage') ? button(t.status === 'PAUSED' ? 'Resume' : 'Activate', t.name, () => activate(t), 'primary') : null,
          t.status !== 'PAUSED' && can('manage') ? button('Pause', t.name, async () => `“${(await api.pause(t.id)).name}” is paused.`) : null,
          t.status === 'PAUSED' && can('manage')
            ? button('Delete', t.name, async () => {
                if (!(await confirmDialog('Delete tracker', [`Delete “${t.name}” with its runs and results? This cannot be undone.`], 'Delete'))) return;
                await api.remove(t.id);
                return `“${t.name}” is deleted.`;
              })
            : null,
        ),
      ),
    );
  const body = h('tbody', {}, ...first.trackers.map(row));
  const more = showMoreButton(view, 'Show more trackers', async () => {
    const page = await api.overview(PAGE, next!);
    body.append(...page.trackers.map(row));
    body.rows[count]?.querySelector('a')?.focus();
    count += page.trackers.length;
    next = page.nextCursor;
    return next !== null;
  });
  view.show(
    'Trackers',
    h(
      'p',
      { class: 'balance' },
      `Balance ${money(account.balanceMicro)} · spent this month ${money(account.spentThisMonthMicro)}`,
      account.spendLimitMicroPerMonth === null ? '' : ` of ${money(account.spendLimitMicroPerMonth)}`,
    ),
    can('manage') ? h('p', {}, h('a', { href: '#/new', class: 'button primary' }, 'New tracker')) : h('p', { class: 'hint' }, whyNot('manage'), can('run') ? ' You can run active trackers.' : ''),
    count === 0
      ? h('p', {}, 'No trackers yet.')
      : h(
          'table',
          { class: 'cards' },
          h('caption', { class: 'visually-hidden' }, 'Your trackers, newest first, each with its headline figure, its latest change and its trend'),
          h('thead', {}, h('tr', {}, ...['Name', 'Measures', 'Status', 'Headline', 'Change', 'Trend', 'Pause reason', 'Next run', 'Per run', 'Actions'].map((c) => h('th', { scope: 'col' }, c)))),
          body,
        ),
    next === null ? null : more,
  );
}

/** Which fields each primitive sends; the API's table (PRIMITIVE_FIELDS), which the API enforces. */
const FIELDS: typeof PRIMITIVE_FIELDS = {
  rankings: { brand: 'forbidden', competitors: 'required', url: 'forbidden' },
  compare: { brand: 'required', competitors: 'required', url: 'forbidden' },
  citations: { brand: 'forbidden', competitors: 'forbidden', url: 'optional' },
  sentiment: { brand: 'required', competitors: 'forbidden', url: 'forbidden' },
};
/** Aliases name a brand or competitor, so only a primitive that tracks names takes them. */
const namesTracked = (uses: (typeof FIELDS)[keyof typeof FIELDS]) => uses.brand !== 'forbidden' || uses.competitors !== 'forbidden';
const DEFAULT_SURFACES: Surface[] = ['chatgpt', 'perplexity', 'gemini'];
const lines = (s: string) => s.split('\n').map((l) => l.trim()).filter((l) => l !== '');
/**
 * Aliases as typed, one tracked name per line: `HubSpot: HubSpot CRM, Hubspot.com` →
 * `{name: 'HubSpot', aliases: ['HubSpot CRM', 'Hubspot.com']}`. The API checks the rest (the name is
 * tracked, up to 5 aliases, no repeats) and its messages name the line.
 */
const aliasLines = (s: string): NameAliases[] =>
  lines(s).map((line) => {
    const colon = line.indexOf(':');
    if (colon < 0) return { name: line, aliases: [] };
    return { name: line.slice(0, colon).trim(), aliases: line.slice(colon + 1).split(',').map((a) => a.trim()).filter((a) => a !== '') };
  });
const aliasText = (entries: NameAliases[]): string => entries.map((e) => `${e.name}: ${e.aliases.join(', ')}`).join('\n');

/**
 * Create (no tracker) or edit: an edit replaces the whole definition and returns the tracker to DRAFT.
 * `onSaved` is told whether the edit changed only the tracked names, which keeps the series.
 */
export async function trackerFormView(view: View, trackerId: string | null, onSaved: (t: Tracker, sentence: string, namesOnly: boolean) => void): Promise<void> {
  if (!can('manage')) return view.show(trackerId ? 'Edit tracker' : 'New tracker', h('p', {}, whyNot('manage')), h('p', {}, h('a', { href: trackerId ? `#/trackers/${trackerId}` : '#/' }, 'Back')));
  // The rate card prices the live estimate; without it the form still works and counts answers.
  const [t, rates] = await Promise.all([trackerId ? api.tracker(trackerId) : null, api.rates().catch(() => null)]);
  const errors = new Map<string, HTMLElement>();
  /** The control's hint and error message, tied to it by id so a screen reader reads them with it; the error is where showIssues writes. */
  const described = (key: string, control: HTMLElement, hint?: string) => {
    const error = h('p', { class: 'field-error', id: `error-${key}` });
    errors.set(key, error);
    control.id = `field-${key}`;
    control.setAttribute('aria-describedby', `${hint ? `hint-${key} ` : ''}error-${key}`);
    return { hint: hint ? h('p', { class: 'hint', id: `hint-${key}` }, hint) : null, error };
  };
  const field = (key: string, label: string, control: HTMLElement, hint?: string) => {
    const { hint: hintText, error } = described(key, control, hint);
    return h('div', { class: 'field', 'data-field': key }, h('label', { for: control.id }, label), hintText, control, error);
  };
  /** A switch (a checkbox that turns something on) with its label beside it. */
  const switchField = (key: string, label: string, control: HTMLInputElement, hint: string) => {
    const { hint: hintText, error } = described(key, control, hint);
    return h('div', { class: 'field', 'data-field': key }, h('label', { class: 'check switch' }, control, ` ${label}`), hintText, error);
  };
  const input = (attrs: Record<string, string | number | boolean | null>) => h('input', attrs);
  const textarea = (value: string) => h('textarea', { rows: 4 }, value);
  const select = (options: Array<[string, string]>, selected: string) => h('select', {}, ...options.map(([v, l]) => h('option', { value: v, selected: v === selected }, l)));

  const cadence = t?.cadence;
  const controls = {
    name: input({ type: 'text', value: t?.name ?? '', required: true, maxlength: 100 }),
    primitive: select([['compare', 'Compare your brand with competitors'], ['rankings', 'Rankings of competitors'], ['sentiment', 'Sentiment about your brand'], ['citations', 'Citations (and your URL)']], t?.primitive ?? 'compare'),
    brand: input({ type: 'text', value: t?.brand ?? '', maxlength: 100 }),
    competitors: textarea(t?.competitors.join('\n') ?? ''),
    aliases: textarea(aliasText(t?.aliases ?? [])),
    url: input({ type: 'url', value: t?.url ?? '' }),
    prompts: textarea(t?.prompts.join('\n') ?? ''),
    frequency: select([['weekly', 'Weekly'], ['monthly', 'Monthly']], cadence?.frequency ?? 'weekly'),
    weekday: select(WEEKDAYS.map((d, i) => [String(i), d]), String(cadence?.frequency === 'weekly' ? cadence.weekday : 1)),
    monthday: input({ type: 'number', min: 1, max: 31, value: cadence?.frequency === 'monthly' ? cadence.monthday : 1 }),
    time: input({ type: 'time', value: cadence?.time ?? '09:00', required: true }),
    timezone: input({ type: 'text', value: cadence?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, required: true }),
    samplesPerPrompt: input({ type: 'number', min: 1, max: MAX_SAMPLES, value: t?.samplesPerPrompt ?? 1 }),
    samplingMode: select([['fixed', 'Fixed: ask every sample'], ['adaptive', 'Adaptive: ask 2, the rest only where they disagree']], t?.samplingMode ?? 'fixed'),
    country: input({ type: 'text', value: t?.country ?? '', maxlength: 2, autocomplete: 'off', spellcheck: 'false', class: 'short' }),
    alerts: input({ type: 'checkbox', role: 'switch', checked: t?.alerts.significantChange ?? false }),
  };
  const chosen = new Set<Surface>(t?.models ?? DEFAULT_SURFACES);
  const models = h(
    'fieldset',
    { class: 'field', 'data-field': 'models', 'aria-describedby': 'error-models' },
    h('legend', {}, 'AI surfaces'),
    ...SURFACE_NAMES.map(([s, label]) =>
      h('label', { class: 'check' }, h('input', { type: 'checkbox', name: 'models', value: s, checked: chosen.has(s) }), ` ${label}`),
    ),
  );
  const modelsError = h('p', { class: 'field-error', id: 'error-models' });
  models.append(modelsError);
  errors.set('models', modelsError);

  const fields = {
    brand: field('brand', 'Your brand', controls.brand),
    competitors: field('competitors', 'Competitors', controls.competitors, 'One per line, up to 20.'),
    aliases: field('aliases', 'Aliases (optional)', controls.aliases, 'Other names that count as the brand or a competitor: one line per name, e.g. “HubSpot: HubSpot CRM, Hubspot.com”, up to 5 each.'),
    url: field('url', 'Your URL (optional)', controls.url, 'Counts the answers that cite it.'),
    weekday: field('weekday', 'Weekday', controls.weekday),
    monthday: field('monthday', 'Day of the month', controls.monthday, 'A day past the month’s end runs on its last day.'),
  };
  const formErrors = h('ul', { class: 'form-errors' });
  const sync = () => {
    const uses = FIELDS[controls.primitive.value as keyof typeof FIELDS];
    fields.brand.hidden = uses.brand === 'forbidden';
    fields.competitors.hidden = uses.competitors === 'forbidden';
    fields.aliases.hidden = !namesTracked(uses);
    fields.url.hidden = uses.url === 'forbidden';
    fields.weekday.hidden = controls.frequency.value !== 'weekly';
    fields.monthday.hidden = controls.frequency.value !== 'monthly';
  };
  controls.primitive.addEventListener('change', sync);
  controls.frequency.addEventListener('change', sync);
  sync();

  /** What the estimate counts, as typed: the API checks the prompts and the range of samples. */
  const sampled = () => ({
    prompts: lines(controls.prompts.value),
    models: [...models.querySelectorAll<HTMLInputElement>('input[name=models]:checked')].map((c) => c.value as Surface),
    samplesPerPrompt: Number(controls.samplesPerPrompt.value),
    samplingMode: controls.samplingMode.value as SamplingMode,
  });
  const estimate = h('p', { class: 'estimate', id: 'estimate', 'aria-live': 'polite' });
  // The minimum-sample rule beside the estimate, as a warning when a run would ask for too few answers.
  const sampleRule = h('p', { class: 'hint', id: 'sample-rule', 'aria-live': 'polite' });
  const showEstimate = () => {
    estimate.textContent = estimateText(sampled(), rates?.surfaces ?? null, money);
    const rule = sampleRuleText(sampled());
    sampleRule.textContent = rule?.text ?? '';
    sampleRule.className = rule?.short ? 'warning' : 'hint';
    sampleRule.hidden = rule === null;
  };

  /** The definition as the API takes it: only the fields the primitive uses. */
  const definition = (): Record<string, unknown> => {
    const primitive = controls.primitive.value as keyof typeof FIELDS;
    const uses = FIELDS[primitive];
    const weekly = controls.frequency.value === 'weekly';
    const body: Record<string, unknown> = {
      name: controls.name.value,
      primitive,
      ...sampled(),
      cadence: {
        frequency: controls.frequency.value,
        timezone: controls.timezone.value.trim(),
        time: controls.time.value,
        ...(weekly ? { weekday: Number(controls.weekday.value) } : { monthday: Number(controls.monthday.value) }),
      },
    };
    if (uses.brand !== 'forbidden') body.brand = controls.brand.value;
    if (uses.competitors !== 'forbidden') body.competitors = lines(controls.competitors.value);
    if (uses.url !== 'forbidden' && controls.url.value.trim() !== '') body.url = controls.url.value.trim();
    const aliases = aliasLines(controls.aliases.value);
    if (namesTracked(uses) && aliases.length > 0) body.aliases = aliases;
    body.alerts = { significantChange: controls.alerts.checked };
    // Left out when blank: absent means none, also in a full update.
    const country = controls.country.value.trim();
    if (country !== '') body.country = country;
    return body;
  };

  /** Each issue next to its field (`prompts.2` → the prompts box, "line 3: …"); others above the form. */
  const showIssues = (issues: Issue[]) => {
    for (const [key, el] of errors) {
      el.textContent = '';
      document.getElementById(`field-${key}`)?.removeAttribute('aria-invalid');
    }
    formErrors.replaceChildren();
    for (const issue of issues) {
      const parts = issue.path.split('.');
      const key = parts[0] === 'cadence' && parts[1] ? parts[1] : parts[0]!;
      const index = parts.find((p) => /^\d+$/.test(p));
      const text = `${index !== undefined && key !== 'cadence' ? `Line ${Number(index) + 1}: ` : ''}${issue.message}`;
      const el = errors.get(key);
      if (!el) {
        // The API's message names its field in words already (issue 34).
        formErrors.append(h('li', {}, issue.message));
        continue;
      }
      el.textContent = el.textContent ? `${el.textContent} ${text}` : text;
      document.getElementById(`field-${key}`)?.setAttribute('aria-invalid', 'true');
    }
    const first = issues.map((i) => document.getElementById(`field-${i.path.split('.').find((p) => errors.has(p))}`)).find((el) => el);
    first?.focus();
  };

  const form = h(
    'form',
    { class: 'tracker-form', novalidate: true },
    formErrors,
    field('name', 'Name', controls.name),
    field('primitive', 'What to measure', controls.primitive),
    fields.brand,
    fields.competitors,
    fields.aliases,
    fields.url,
    field('prompts', 'Prompts', controls.prompts, 'One per line: the questions asked on every surface, up to 30.'),
    models,
    h(
      'fieldset',
      { class: 'field' },
      h('legend', {}, 'Samples'),
      field('samplesPerPrompt', 'Samples per prompt', controls.samplesPerPrompt, `How many times each prompt is asked on each surface in a run, 1–${MAX_SAMPLES}. AI answers vary: more samples show how stable a mention is.`),
      field('samplingMode', 'Sampling', controls.samplingMode, 'Adaptive asks each prompt twice per surface and the other samples only where those two disagree on a tracked name, so it usually costs less.'),
      estimate,
      sampleRule,
    ),
    field('country', 'Country (optional)', controls.country, 'The market the prompts are asked for, as a two-letter ISO code such as de or us. Surfaces that can localise their answers do; each answer says whether it was.'),
    switchField('alerts', 'E-mail me when a run shows a significant change', controls.alerts, 'At most once per run, when its change from the run before is statistically significant: for your brand, for any name of a rankings tracker, or for your URL’s citations.'),
    h(
      'fieldset',
      { class: 'field' },
      h('legend', {}, 'Schedule'),
      field('frequency', 'Frequency', controls.frequency),
      fields.weekday,
      fields.monthday,
      field('time', 'Time', controls.time),
      field('timezone', 'Time zone', controls.timezone, 'An IANA name, e.g. Europe/Berlin.'),
    ),
    h('div', { class: 'actions' }, h('button', { class: 'primary', type: 'submit' }, t ? 'Save (back to draft)' : 'Create draft'), h('a', { href: '#/', class: 'button secondary' }, 'Cancel')),
  );
  form.addEventListener('input', showEstimate);
  form.addEventListener('change', showEstimate);
  showEstimate();
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void view.act(async () => {
      try {
        const saved = t ? await api.updateTracker(t.id, definition()) : await api.createTracker(definition());
        onSaved(saved, `“${saved.name}” is saved as a draft at ${money(saved.estimatedCostMicroPerRun)} per run. Activate it to start its schedule.`, t !== null && changedOnlyNames(t, saved));
      } catch (err) {
        showIssues(err instanceof ApiError ? err.issues : []);
        throw err;
      }
    });
  });
  view.show(t ? `Edit ${t.name}` : 'New tracker', t ? h('p', { class: 'hint' }, 'Saving replaces the whole definition; the tracker returns to draft and must be activated again.') : null, form);
}

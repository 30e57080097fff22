/** Tracker actions shared by the list and the report: confirmation dialogs, activation, run now, recompute history, adding a competitor. */
import { api, ApiError, type Reanalysis, type Run, type Tracker } from './api.js';
import { h } from './dom.js';
import { explain, money, when } from './format.js';
import { acceptedCost, addedText, definitionWithCompetitor, type Reactivation } from './insights.js';

/** A modal question; resolves true when confirmed. Escape or Cancel resolve false. */
export function confirmDialog(title: string, body: (string | Node)[], confirmLabel: string): Promise<boolean> {
  return new Promise((resolve) => {
    const dialog = h(
      'dialog',
      { 'aria-labelledby': 'dialog-title', class: 'confirm' },
      h('h2', { id: 'dialog-title' }, title),
      ...body.map((b) => (typeof b === 'string' ? h('p', {}, b) : b)),
      h(
        'form',
        { method: 'dialog', class: 'actions' },
        h('button', { value: 'cancel', class: 'secondary' }, 'Cancel'),
        h('button', { value: 'confirm', class: 'primary' }, confirmLabel),
      ),
    );
    dialog.addEventListener('close', () => {
      resolve(dialog.returnValue === 'confirm');
      dialog.remove();
    });
    document.body.append(dialog);
    dialog.showModal();
  });
}

/**
 * Activation with the estimate confirmed: the user accepts the amount shown, and the API takes it
 * only if it is still the current estimate. When it changed (409 `cost_estimate_changed`), the
 * new amount is shown for a new confirmation. Returns a sentence saying what happened.
 */
export async function activate(tracker: Tracker): Promise<string> {
  let amount = tracker.estimatedCostMicroPerRun;
  let note: string | null = null;
  const balance = (await api.account()).balanceMicro;
  for (;;) {
    const ok = await confirmDialog(
      tracker.status === 'PAUSED' ? 'Resume tracker' : 'Activate tracker',
      [
        ...(note ? [h('p', { class: 'warning', role: 'alert' }, note)] : []),
        `“${tracker.name}” will run ${cadenceText(tracker)}. Each run costs at most ${money(amount)}; only answers that succeed are billed.`,
        `Your balance is ${money(balance)}.`,
      ],
      `Activate at ${money(amount)} per run`,
    );
    if (!ok) return 'Not activated.';
    try {
      const result = await api.activate(tracker.id, amount);
      const dry = result.runsDryAt ? ` At current estimates the balance lasts until ${when(result.runsDryAt)}.` : '';
      return `“${result.tracker.name}” is active at ${money(result.costMicroPerRun)} per run; next run ${when(result.tracker.nextRunAt)}. Balance ${money(result.balanceMicro)}.${dry}`;
    } catch (e) {
      if (!(e instanceof ApiError) || e.code !== 'cost_estimate_changed') throw e;
      amount = e.amount('estimatedCostMicroPerRun') ?? amount;
      note = explain(e);
    }
  }
}

export const WEEKDAYS: readonly string[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function cadenceText(t: Tracker): string {
  const c = t.cadence;
  const day = c.frequency === 'weekly' ? `every ${WEEKDAYS[c.weekday]}` : `monthly on day ${c.monthday}`;
  return `${day} at ${c.time} (${c.timezone})`;
}

/**
 * Request tokens not yet answered, per request and tracker: a click that failed on the way (network),
 * or a second click while the first is on its way, sends the same token, so the API answers the run
 * or job it may already have queued instead of queuing a second one.
 */
const pendingTokens = new Map<string, string>();

async function withRequestToken<T>(key: string, send: (token: string) => Promise<T>): Promise<T> {
  const token = pendingTokens.get(key) ?? `web-${crypto.randomUUID()}`;
  pendingTokens.set(key, token);
  try {
    const result = await send(token);
    pendingTokens.delete(key);
    return result;
  } catch (e) {
    // A 4xx is a definite answer, so the next click is a new request; after a 5xx or a network
    // failure the run or job may exist, and the retry must name it with the same token.
    if (e instanceof ApiError && e.status < 500) pendingTokens.delete(key);
    throw e;
  }
}

export const runNow = (trackerId: string): Promise<{ run: Run; replayed: boolean }> => withRequestToken(`run ${trackerId}`, (token) => api.requestRun(trackerId, token));

/** Asks for the tracker's history to be recomputed with its current names (a reanalysis). */
export const requestRecompute = (trackerId: string): Promise<Reanalysis> => withRequestToken(`reanalysis ${trackerId}`, (token) => api.requestReanalysis(trackerId, token));

/**
 * Adds `name` to a rankings or compare tracker's competitors in one step, as the client's
 * addCompetitor does: the tracker is read again (the page's copy may be older), its whole
 * definition sent with the name appended (which returns it to DRAFT), and an ACTIVE tracker
 * activated again at the cost per run its user accepted. Returns a sentence saying what happened.
 */
export async function addCompetitor(trackerId: string, name: string): Promise<string> {
  const before = await api.tracker(trackerId);
  const draft = await api.updateTracker(trackerId, definitionWithCompetitor(before, name));
  const reactivation: Reactivation = before.status === 'ACTIVE' ? await reactivate(draft, acceptedCost(before)) : { outcome: 'not_active' };
  return addedText(name, draft.name, reactivation, money);
}

/** Activates a tracker an update returned to DRAFT at the cost accepted, and only at that; a refusal is said, not thrown: the name was added. */
async function reactivate(draft: Tracker, acceptedMicroPerRun: number): Promise<Reactivation> {
  if (draft.estimatedCostMicroPerRun !== acceptedMicroPerRun) return { outcome: 'estimate_changed', acceptedMicroPerRun, estimatedCostMicroPerRun: draft.estimatedCostMicroPerRun };
  try {
    return { outcome: 'reactivated', costMicroPerRun: (await api.activate(draft.id, acceptedMicroPerRun)).costMicroPerRun };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return { outcome: 'refused', reason: explain(e) };
  }
}

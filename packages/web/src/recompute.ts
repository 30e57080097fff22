/**
 * "Recompute history" on the report page: asks for a reanalysis of the tracker and follows its
 * progress until it has finished, then reads the report again. Its elements are made once per
 * page and moved into each render, so progress shown survives the report's own re-renders.
 */
import { requestRecompute } from './actions.js';
import { api, type Reanalysis, type Report } from './api.js';
import { h } from './dom.js';
import { isFinished, mixedVersionsNotice, NAMES_CHANGED, outcomeText, progressText, RECOMPUTE_EXPLAINED } from './reanalysis.js';
import type { View } from './view.js';

/** How often a job is read while it goes on. */
const POLL_MS = 1000;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RecomputeHistory {
  /** For the page's actions, next to "Run now" and "Edit". */
  button: HTMLButtonElement;
  /** Under the actions: why to recompute (when the report calls for it) and the progress of a job. */
  panel(report: Report): HTMLElement;
  /** Suggests recomputing, as after an edit of names only: a competitor was just added. */
  offer(): void;
}

/** `offered`: the user has just edited only the tracker's names, so the page suggests recomputing. */
export function recomputeHistory(view: View, trackerId: string, offered: boolean, reload: () => Promise<void>): RecomputeHistory {
  let following = false;
  let mixed: string | null = null;
  const button = h('button', { type: 'button', 'aria-describedby': 'recompute-hint', on: { click: () => void start() } }, 'Recompute history');
  const notice = h('p', { class: 'recompute-notice' });
  const hint = h('p', { class: 'hint', id: 'recompute-hint' }, RECOMPUTE_EXPLAINED);
  const progress = h('progress', { 'aria-label': 'Runs recomputed', hidden: true });
  const status = h('p', { role: 'status', class: 'recompute-status' });
  const panel = h('div', { class: 'recompute' }, notice, hint, progress, status);

  /** Highlighted while the report calls for a recompute; the explanation stays the button's description when it is hidden. */
  const sync = () => {
    const why = offered ? NAMES_CHANGED : mixed;
    notice.textContent = why ?? '';
    hint.hidden = why === null;
    panel.classList.toggle('callout', why !== null);
    button.className = why !== null ? 'primary' : 'secondary';
    button.setAttribute('aria-disabled', String(following));
  };
  const show = (job: Reanalysis | null) => {
    progress.hidden = job === null;
    status.textContent = job ? progressText(job) : '';
    if (!job) return;
    progress.max = Math.max(job.runs.total, 1);
    progress.value = job.runs.done;
  };

  // Reading the report again re-renders the page, which would drop the focus of a keyboard user on the button.
  const reloadKeepingFocus = async () => {
    const focused = document.activeElement === button;
    await reload();
    if (focused) button.focus();
  };
  const start = async () => {
    if (following) return; // a job is being followed: a second press asks for nothing more
    following = true;
    offered = false;
    sync();
    await view.act(async () => {
      let job = await requestRecompute(trackerId);
      show(job);
      while (!isFinished(job)) {
        await pause(POLL_MS);
        if (!view.current()) return;
        job = await api.reanalysis(trackerId, job.id);
        show(job);
      }
      if (job.status !== 'FAILED') return outcomeText(job);
      view.say(outcomeText(job), 'error');
    }, reloadKeepingFocus);
    following = false;
    show(null);
    sync();
  };

  return {
    button,
    panel(report) {
      mixed = mixedVersionsNotice(report.analysisVersions);
      sync();
      return panel;
    },
    offer() {
      offered = true;
      sync();
    },
  };
}

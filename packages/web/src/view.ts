/** One page of the app in <main>: its heading, its content, and a live region for what actions did. */
import { ApiError } from './api.js';
import { h } from './dom.js';
import { explain } from './format.js';

export interface View {
  /** Replaces the page's content; the heading takes focus on a new page so screen readers announce it. */
  show(title: string, ...content: (Node | null)[]): void;
  /** As `show`, with the page's actions in a row beside its heading (e.g. a report's Run now and downloads). */
  showWithActions(title: string, actions: HTMLElement, ...content: (Node | null)[]): void;
  /** Says something in the page's live region (an error is an alert). */
  say(text: string, kind?: 'info' | 'error'): void;
  /**
   * Runs an action: its sentence (or the API's refusal, explained) goes to the live region, then
   * `after` runs (also after a refusal, which often means the tracker changed meanwhile) and then
   * the header's balance is read again.
   */
  act(action: () => Promise<string | void>, after?: () => Promise<void>): Promise<void>;
  /** Reads the header's balance again, e.g. when a run has ended. */
  accountChanged(): void;
  /** False once the user has moved to another page: late answers are then dropped. */
  current(): boolean;
  /** Told when the API no longer accepts the key. */
  onUnauthorized: () => void;
}

let generation = 0;

export function newView(main: HTMLElement, onUnauthorized: () => void, accountChanged: () => void): View {
  const mine = ++generation;
  let titled: string | null = null;
  let message: { text: string; kind: 'info' | 'error' } | null = null;
  const notice = () => (message ? h('div', { class: `notice ${message.kind}`, role: message.kind === 'error' ? 'alert' : 'status' }, message.text) : h('div', { class: 'notice', role: 'status' }));
  /** Says why an action failed; true when the API answered it (a refusal), so reading the page again makes sense. */
  const sayFailure = (e: unknown): boolean => {
    if (e instanceof ApiError && e.code === 'unauthorized') {
      view.onUnauthorized();
      return false;
    }
    view.say(e instanceof ApiError ? explain(e) : 'The API could not be reached. Check your connection and try again.', 'error');
    return e instanceof ApiError;
  };
  const showHeaded = (title: string, actions: HTMLElement | null, content: (Node | null)[]) => {
    if (!view.current()) return;
    const heading = h('h1', { tabindex: -1 }, title);
    main.replaceChildren(actions ? h('div', { class: 'page-head' }, heading, actions) : heading, notice(), ...content.filter((c): c is Node => c !== null));
    document.title = `${title} · brandradar`;
    if (titled !== title) heading.focus();
    titled = title;
  };
  const view: View = {
    onUnauthorized,
    accountChanged: () => view.current() && accountChanged(),
    current: () => mine === generation,
    show(title, ...content) {
      showHeaded(title, null, content);
    },
    showWithActions(title, actions, ...content) {
      showHeaded(title, actions, content);
    },
    say(text, kind = 'info') {
      message = { text, kind };
      main.querySelector('.notice')?.replaceWith(notice());
    },
    async act(action, after) {
      try {
        const said = await action();
        if (said) view.say(said);
      } catch (e) {
        if (!sayFailure(e)) return;
      }
      if (!after) return;
      try {
        await after();
        view.accountChanged();
      } catch (e) {
        sayFailure(e);
      }
    },
  };
  return view;
}

/**
 * A "Show more …" button for a list read a page at a time: `loadNext` appends the next page (and
 * moves focus to its first item, so a keyboard user continues there) and says whether another
 * follows; the button goes once none does.
 */
export function showMoreButton(view: View, label: string, loadNext: () => Promise<boolean>): HTMLButtonElement {
  const more: HTMLButtonElement = h(
    'button',
    {
      class: 'secondary',
      on: {
        click: () =>
          void view.act(async () => {
            if (!(await loadNext())) more.remove();
          }),
      },
    },
    label,
  );
  return more;
}

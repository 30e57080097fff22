/** One page of the app in <main>: its heading, its content, and a live region for what actions did. */
import { ApiError } from './api.js';
import { h } from './dom.js';
import { explain } from './format.js';

export interface View {
  /** Replaces the page's content; the heading takes focus on a new page so screen readers announce it. */
  show(title: string, ...content: (Node | null)[]): void;
  /** Says something in the page's live region (an error is an alert). */
  say(text: string, kind?: 'info' | 'error'): void;
  /** Runs an action: its sentence (or the API's refusal, explained) goes to the live region, then `after` runs. */
  act(action: () => Promise<string | void>, after?: () => Promise<void>): Promise<void>;
  /** False once the user has moved to another page: late answers are then dropped. */
  current(): boolean;
  /** Told when the API no longer accepts the key. */
  onUnauthorized: () => void;
}

let generation = 0;

export function newView(main: HTMLElement, onUnauthorized: () => void): View {
  const mine = ++generation;
  let titled: string | null = null;
  let message: { text: string; kind: 'info' | 'error' } | null = null;
  const notice = () => (message ? h('div', { class: `notice ${message.kind}`, role: message.kind === 'error' ? 'alert' : 'status' }, message.text) : h('div', { class: 'notice', role: 'status' }));
  const view: View = {
    onUnauthorized,
    current: () => mine === generation,
    show(title, ...content) {
      if (!view.current()) return;
      const heading = h('h1', { tabindex: -1 }, title);
      main.replaceChildren(heading, notice(), ...content.filter((c): c is Node => c !== null));
      document.title = `${title} · brandradar`;
      if (titled !== title) heading.focus();
      titled = title;
    },
    say(text, kind = 'info') {
      message = { text, kind };
      main.querySelector('.notice')?.replaceWith(notice());
    },
    async act(action, after) {
      try {
        const said = await action();
        if (said) view.say(said);
        await after?.();
      } catch (e) {
        if (e instanceof ApiError && e.code === 'unauthorized') return view.onUnauthorized();
        view.say(e instanceof ApiError ? explain(e) : 'The API could not be reached. Check your connection and try again.', 'error');
      }
    },
  };
  return view;
}

/** Building DOM without a framework: elements with attributes, listeners and children. No innerHTML anywhere. */

type Attr = string | number | boolean | null | undefined;
type Child = Node | string | null | undefined | false;
export interface Props {
  [attribute: string]: Attr | Record<string, EventListener> | undefined;
  on?: Record<string, EventListener>;
}

function build<E extends Element>(el: E, props: Props, children: Child[]): E {
  for (const [name, value] of Object.entries(props)) {
    if (name === 'on') {
      for (const [event, listener] of Object.entries(value as Record<string, EventListener>)) el.addEventListener(event, listener);
    } else if (value === true) el.setAttribute(name, '');
    else if (typeof value === 'string' || typeof value === 'number') el.setAttribute(name, String(value));
  }
  el.append(...children.filter((c): c is Node | string => c !== null && c !== undefined && c !== false));
  return el;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  return build(document.createElement(tag), props, children);
}

export function svg<K extends keyof SVGElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): SVGElementTagNameMap[K] {
  return build(document.createElementNS('http://www.w3.org/2000/svg', tag), props, children);
}

/**
 * Hands text or bytes the app fetched (with the session's key, which a plain link could not send)
 * to the browser as a file, through an object URL.
 */
export function saveFile(content: string | Blob, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = h('a', { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

let ids = 0;
/** A document-unique id, for labels and aria references. */
export const uid = (prefix: string): string => `${prefix}-${++ids}`;

/**
 * A box that scrolls sideways when its table is wider than the screen (a phone): focusable and named,
 * so a keyboard user can scroll it too (WCAG 2.1.1; axe's `scrollable-region-focusable`).
 */
export const scrollBox = (label: string, ...children: Child[]): HTMLDivElement =>
  h('div', { class: 'scroll-box', tabindex: 0, role: 'region', 'aria-label': label }, ...children);

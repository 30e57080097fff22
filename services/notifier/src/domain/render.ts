/**
 * An e-mail's content as structure, written once and rendered twice: as plain
 * text and as HTML, so both say the same. Every string is text, never markup:
 * the HTML renderer escapes all of it.
 */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'small'; text: string }
  | { kind: 'section'; text: string }
  /** An image attached to the e-mail (`cid:`); the plain text names it by `alt`. */
  | { kind: 'image'; cid: string; alt: string };

export interface MailContent {
  subject: string;
  heading: string;
  blocks: readonly Block[];
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function render(content: MailContent): RenderedMail {
  const safe = oneLineEach(content);
  return { subject: safe.subject, text: renderText(safe), html: renderHtml(safe) };
}

/**
 * Line breaks and other control characters (C0, C1, U+2028/2029) and the bidirectional overrides
 * and isolates, as spaces. The strings carry user data (tracker names, brands) and no template
 * breaks a line inside one: in the plain-text part a name with a line break could add lines that
 * look like the mail's own, and an override could make a name read backwards.
 */
// eslint-disable-next-line no-control-regex -- control characters are among what it replaces
const UNSAFE_IN_A_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
export const oneLine = (text: string) => text.replace(UNSAFE_IN_A_LINE, ' ');

function oneLineEach(content: MailContent): MailContent {
  const blocks = content.blocks.map((b): Block => {
    if (b.kind === 'facts') return { kind: 'facts', rows: b.rows.map(([label, value]) => [oneLine(label), oneLine(value)] as const) };
    if (b.kind === 'image') return { ...b, alt: oneLine(b.alt) };
    return { ...b, text: oneLine(b.text) };
  });
  return { subject: oneLine(content.subject), heading: oneLine(content.heading), blocks };
}

function renderText(content: MailContent): string {
  const underline = '='.repeat(Math.min(content.heading.length, 72));
  return `${content.heading}\n${underline}\n\n${content.blocks.map(blockText).join('\n\n')}\n`;
}

/** Values line up after labels up to this long; a longer label (a brand's metric, say) takes one space. */
const LABEL_COLUMN = 24;

function blockText(block: Block): string {
  if (block.kind === 'image') return `[Chart, attached: ${block.alt}]`;
  if (block.kind === 'section') return `${block.text}\n${'-'.repeat(Math.min(block.text.length, 72))}`;
  if (block.kind !== 'facts') return block.text;
  const width = Math.min(Math.max(...block.rows.map(([label]) => label.length)) + 1, LABEL_COLUMN);
  return block.rows.map(([label, value]) => `${`${label}:`.padEnd(width)} ${value}`).join('\n');
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

function renderHtml(content: MailContent): string {
  const body = content.blocks.map(blockHtml).join('\n');
  return [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">',
    `<title>${escapeHtml(content.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2328;max-width:640px;margin:0 auto;padding:16px">',
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>`,
    body,
    '</body></html>',
    '',
  ].join('\n');
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'small':
      return `<p style="font-size:13px;color:#59636e">${escapeHtml(block.text)}</p>`;
    case 'section':
      return `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`;
    case 'image':
      // The cid is ours (a tracker id), never user text; escaped all the same.
      return `<p><img src="cid:${escapeHtml(block.cid)}" alt="${escapeHtml(block.alt)}" width="480" style="max-width:100%;height:auto"></p>`;
    case 'facts': {
      const rows = block.rows.map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      );
      return `<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">\n${rows.join('\n')}\n</table>`;
    }
  }
}

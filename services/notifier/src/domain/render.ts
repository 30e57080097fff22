/**
 * An e-mail's content as structure, written once and rendered twice: as plain
 * text and as HTML, so both say the same. Every string is text, never markup:
 * the HTML renderer escapes all of it.
 */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'facts'; rows: readonly (readonly [label: string, value: string])[] }
  | { kind: 'small'; text: string };

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
  return { subject: content.subject, text: renderText(content), html: renderHtml(content) };
}

function renderText(content: MailContent): string {
  const underline = '='.repeat(Math.min(content.heading.length, 72));
  return `${content.heading}\n${underline}\n\n${content.blocks.map(blockText).join('\n\n')}\n`;
}

function blockText(block: Block): string {
  if (block.kind !== 'facts') return block.text;
  const width = Math.max(...block.rows.map(([label]) => label.length)) + 1;
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
    case 'facts': {
      const rows = block.rows.map(
        ([label, value]) =>
          `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:4px 16px 4px 0;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
      );
      return `<table role="presentation" style="border-collapse:collapse;margin:8px 0 16px">\n${rows.join('\n')}\n</table>`;
    }
  }
}

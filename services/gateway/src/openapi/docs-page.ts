import MarkdownIt from 'markdown-it';
import type { OpenApiDocument, Operation, Parameter, ResponseObject, WebhookOperation } from './document';
import { refName, type JsonSchema } from './schemas';

/** HTML that is safe to insert as is. Everything else is escaped on the way in. */
class SafeHtml {
  constructor(readonly html: string) {}
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function toHtml(value: unknown): string {
  if (value instanceof SafeHtml) return value.html;
  if (Array.isArray(value)) return value.map(toHtml).join('');
  if (value === undefined || value === null || value === false) return '';
  if (typeof value === 'string') return escapeHtml(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return escapeHtml(JSON.stringify(value) ?? '');
}

/** Template tag: every interpolated value is escaped unless it is already SafeHtml. */
function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  return new SafeHtml(strings.reduce((out, s, i) => out + toHtml(values[i - 1]) + s));
}

const join = (parts: SafeHtml[], separator: string): SafeHtml => new SafeHtml(parts.map((p) => p.html).join(escapeHtml(separator)));

// Descriptions are CommonMark (with tables and strikethrough); raw HTML in them stays text, and
// markdown-it's own escaping and link check apply, so a description cannot add markup or scripts.
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
const markdown = (text: string): SafeHtml => new SafeHtml(md.render(text));
/** Markdown within a line (no paragraph around it). */
const inlineMarkdown = (text: string): SafeHtml => new SafeHtml(md.renderInline(text));

const json = (value: unknown): SafeHtml => html`<pre><code>${JSON.stringify(value, null, 2)}</code></pre>`;

/** A one-line type: `string (uuid)`, `integer ≥ 0`, `array of Surface`, `"a" | "b"`, … */
function typeLabel(s: JsonSchema): SafeHtml {
  if (s.$ref) {
    const name = refName(s.$ref);
    return html`<a href="#schema-${name}">${name}</a>`;
  }
  // An error response narrows the shared Error schema to its codes; the codes are listed beside it.
  if (s.allOf?.[0]) return typeLabel(s.allOf[0]);
  const options = s.oneOf ?? s.anyOf;
  if (options) return join(options.map(typeLabel), ' | ');
  if ('const' in s) return html`<code>${JSON.stringify(s.const)}</code>`;
  if (s.enum) return join(s.enum.map((v) => html`<code>${JSON.stringify(v)}</code>`), ' | ');
  const limits = [
    s.minimum !== undefined ? `≥ ${s.minimum}` : '',
    s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER ? `≤ ${s.maximum}` : '',
    s.minLength !== undefined || s.maxLength !== undefined ? `${s.minLength ?? 0}–${s.maxLength ?? '∞'} characters` : '',
    s.minItems !== undefined || s.maxItems !== undefined ? `${s.minItems ?? 0}–${s.maxItems ?? '∞'} items` : '',
  ].filter(Boolean);
  const type = s.type === 'array' ? html`array of ${typeLabel(s.items ?? {})}` : html`${[s.type ?? 'any'].flat().join(' | ')}`;
  return html`${type}${s.format ? ` (${s.format})` : ''}${limits.length ? `, ${limits.join(', ')}` : ''}`;
}

/** A field's or parameter's description, and its default when it has one. */
const about = (description: string | undefined, s: JsonSchema): SafeHtml =>
  html`${description ? markdown(description) : ''}${'default' in s ? html`<p>Default: <code>${JSON.stringify(s.default)}</code></p>` : ''}`;

interface FieldRow {
  name: string;
  schema: JsonSchema;
  required: boolean;
}

/** An object's fields, with those of inline nested objects as `parent.child` rows. */
function fieldRows(s: JsonSchema, prefix = ''): FieldRow[] {
  return Object.entries(s.properties ?? {}).flatMap(([key, field]) => {
    const name = prefix + key;
    const row = { name, schema: field, required: (s.required ?? []).includes(key) };
    if (field.properties) return [row, ...fieldRows(field, `${name}.`)];
    if (field.items?.properties) return [row, ...fieldRows(field.items, `${name}[].`)];
    return [row];
  });
}

function fieldsTable(s: JsonSchema): SafeHtml {
  const rows = fieldRows(s);
  if (rows.length === 0) return html``;
  return html`<table><thead><tr><th>Field</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>${rows.map(
    (r) =>
      html`<tr><td><code>${r.name}</code></td><td>${typeLabel(r.schema)}</td><td>${r.required ? 'yes' : 'no'}</td><td>${about(r.schema.description, r.schema)}</td></tr>`,
  )}</tbody></table>`;
}

/** A schema as a reader needs it: its description, then its fields, or one table per variant of a union. */
function schemaBlock(s: JsonSchema): SafeHtml {
  const about = s.description ? markdown(s.description) : '';
  if (s.properties) return html`${about}${fieldsTable(s)}`;
  const variants = (s.oneOf ?? s.anyOf)?.filter((v) => v.properties);
  if (variants?.length) return html`${about}<p>One of:</p>${variants.map((v) => html`<div class="variant">${schemaBlock(v)}</div>`)}`;
  return html`${about}<p>${typeLabel(s)}</p>`;
}

function parametersHtml(parameters: Parameter[]): SafeHtml {
  if (parameters.length === 0) return html``;
  return html`<h4>Parameters</h4><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Required</th><th>Description</th></tr></thead><tbody>${parameters.map(
    (p) =>
      html`<tr><td><code>${p.name}</code></td><td>${p.in}</td><td>${typeLabel(p.schema)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${about(p.description, p.schema)}</td></tr>`,
  )}</tbody></table>`;
}

function responsesHtml(responses: Record<string, ResponseObject>): SafeHtml {
  return html`<h4>Responses</h4><table><thead><tr><th>Status</th><th>Meaning</th><th>Body</th><th>Headers</th></tr></thead><tbody>${Object.entries(responses).map(([status, r]) => {
    const [[mediaType, content] = [], ...alternatives] = Object.entries(r.content ?? {});
    // Other media types of the same answer, chosen by `Accept` (the report's CSV): named with what they hold.
    const others = alternatives.map(([type, other]) => html`<p>With <code>Accept: ${type}</code>: ${inlineMarkdown(other.schema.description ?? '')}</p>`);
    const body = content ? html`${typeLabel(content.schema)}${mediaType === 'application/json' ? '' : ` (${mediaType})`}${content.schema.properties ? fieldsTable(content.schema) : ''}${others}` : 'none';
    return html`<tr><td><strong>${status}</strong></td><td>${markdown(r.description)}</td><td>${body}</td><td>${join(Object.keys(r.headers).map((h) => html`<code>${h}</code>`), ', ')}</td></tr>`;
  })}</tbody></table>`;
}

/** A request body: its schema, its fields, and an example. */
function requestBodyHtml(body: { schema: JsonSchema; example?: unknown }, doc: OpenApiDocument): SafeHtml {
  const schema = body.schema.$ref ? (doc.components.schemas[refName(body.schema.$ref)] ?? {}) : body.schema;
  return html`<h4>Request body</h4><p>JSON: ${typeLabel(body.schema)}</p>${schemaBlock(schema)}<p>Example:</p>${json(body.example)}`;
}

/** An event this API POSTs to its users' endpoints: what it sends, and what its answer means. */
function webhookHtml(type: string, op: WebhookOperation, doc: OpenApiDocument): SafeHtml {
  return html`<article id="webhook-${type}">
<h3><span class="method post">POST</span> <code>${type}</code></h3>
<p class="summary">${op.summary}</p>
${markdown(op.description)}
${parametersHtml(op.parameters)}
${requestBodyHtml(op.requestBody.content['application/json'], doc)}
<h4>Your answer</h4><table><thead><tr><th>Status</th><th>Meaning</th></tr></thead><tbody>${Object.entries(op.responses).map(
    ([status, r]) => html`<tr><td><strong>${status}</strong></td><td>${markdown(r.description)}</td></tr>`,
  )}</tbody></table>
</article>`;
}

function operationHtml(method: string, path: string, op: Operation, doc: OpenApiDocument): SafeHtml {
  // Open operations say `[]`; the others name each scheme that may call them (any one will do) and the scope.
  const schemes = (op.security ?? doc.security).flatMap((requirement) => Object.keys(requirement));
  const scope = op['x-required-scope'];
  const auth = schemes.length === 0 ? html`No authentication.` : html`Authentication: ${schemes.map((s, i) => html`${i > 0 ? ' or ' : ''}<a href="#auth">${s}</a>`)}${scope ? html`, scope <code>${scope}</code>` : ''}.`;
  const body = op.requestBody?.content['application/json'];
  return html`<article id="op-${op.operationId}">
<h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${path}</code></h3>
<p class="summary">${op.summary}</p>
${op.description ? markdown(op.description) : ''}
<p class="auth">${auth} Operation id: <code>${op.operationId}</code>.</p>
${parametersHtml(op.parameters ?? [])}
${body ? requestBodyHtml(body, doc) : ''}
${responsesHtml(op.responses)}
</article>`;
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d2330;display:flex}
nav{width:18rem;flex:none;height:100vh;overflow:auto;position:sticky;top:0;background:#f4f6f9;padding:1rem;box-sizing:border-box;font-size:13px}
nav ul{list-style:none;padding:0;margin:0 0 1rem} nav a{color:inherit;text-decoration:none} nav h2{font-size:14px;margin:1rem 0 .3rem}
main{padding:1rem 2rem;max-width:60rem;min-width:0}
article{border-top:1px solid #d8dde6;padding:1rem 0}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:14px} th,td{border:1px solid #d8dde6;padding:.3rem .5rem;text-align:left;vertical-align:top}
td p,td ul{margin:.2rem 0} th{background:#f4f6f9}
code{font:13px ui-monospace,monospace;background:#f1f3f6;padding:0 .2em;border-radius:3px} pre{background:#f1f3f6;padding:.6rem;overflow:auto;border-radius:4px}
pre code{padding:0}
.method{display:inline-block;min-width:3.6rem;text-align:center;color:#fff;border-radius:3px;font-size:12px;padding:.1rem .3rem;background:#5b6573}
.get{background:#1f7a4d}.post{background:#1c5fb8}.put,.patch{background:#a8650d}.delete{background:#b3261e}
.variant{border-left:3px solid #d8dde6;padding-left:.7rem;margin:.5rem 0}
.summary{font-weight:600}
`;

/**
 * The API reference as one self-contained HTML page (no scripts, no external
 * resources), rendered from the OpenAPI document so both say the same.
 */
export function renderDocsPage(doc: OpenApiDocument, documentUrl: string): string {
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
  const byTag = doc.tags.map(({ name }) => ({ name, ops: operations.filter(({ op }) => op.tags.includes(name)) }));
  const webhooks = Object.entries(doc.webhooks ?? {}).map(([type, item]) => ({ type, op: item.post }));
  const page = html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${doc.info.title} ${doc.info.version}</title><style>${new SafeHtml(STYLE)}</style></head>
<body>
<nav>
<p><strong>${doc.info.title}</strong> ${doc.info.version}</p>
<ul><li><a href="#conventions">Conventions</a></li><li><a href="#auth">Authentication</a></li><li><a href="#errors">Error codes</a></li><li><a href="#schemas">Schemas</a></li></ul>
${byTag.map((t) => html`<h2>${t.name}</h2><ul>${t.ops.map(({ path, method, op }) => html`<li><a href="#op-${op.operationId}"><span class="method ${method}">${method.toUpperCase()}</span> ${path}</a></li>`)}</ul>`)}
${webhooks.length ? html`<h2>Events sent to your webhooks</h2><ul>${webhooks.map(({ type }) => html`<li><a href="#webhook-${type}"><span class="method post">POST</span> ${type}</a></li>`)}</ul>` : ''}
</nav>
<main>
<h1>${doc.info.title}</h1>
<p>Version ${doc.info.version}. Machine-readable: <a href="${documentUrl}">OpenAPI 3.1 document</a>. </p>
<ul>${doc.servers.map((s) => html`<li>Server <code>${s.url}</code>: ${inlineMarkdown(s.description)}</li>`)}</ul>
<section id="conventions"><h2>Conventions</h2>${markdown(doc.info.description)}</section>
<section id="auth"><h2>Authentication</h2>${Object.entries(doc.components.securitySchemes).map(([name, scheme]) => html`<p><code>${name}</code>: ${'scheme' in scheme ? html`HTTP bearer${scheme.bearerFormat ? html`, format <code>${scheme.bearerFormat}</code>` : ''}` : html`the cookie <code>${scheme.name}</code>`}.</p>${markdown(scheme.description)}`)}</section>
${byTag.map((t) => html`<section><h2>${t.name}</h2>${t.ops.map(({ path, method, op }) => operationHtml(method, path, op, doc))}</section>`)}
${webhooks.length ? html`<section id="webhooks"><h2>Events sent to your webhooks</h2><p>Each is a POST this API makes to the endpoints you add under Webhooks.</p>${webhooks.map(({ type, op }) => webhookHtml(type, op, doc))}</section>` : ''}
<section id="errors"><h2>Error codes</h2><p>Every error answer has the body <a href="#schema-Error">Error</a>: <code>{"error": {"code", "message", …}}</code>.</p>
<table><thead><tr><th>Code</th><th>Status</th><th>Meaning</th></tr></thead><tbody>${Object.entries(doc['x-error-codes']).map(
    ([code, e]) => html`<tr><td><code>${code}</code></td><td>${e.status}</td><td>${markdown(e.description)}</td></tr>`,
  )}</tbody></table></section>
<section id="schemas"><h2>Schemas</h2>${Object.entries(doc.components.schemas).map(
    ([name, s]) => html`<article id="schema-${name}"><h3>${name}</h3>${schemaBlock(s)}${'example' in s ? html`<p>Example:</p>${json(s.example)}` : ''}</article>`,
  )}</section>
</main>
</body>
</html>
`;
  return page.html;
}

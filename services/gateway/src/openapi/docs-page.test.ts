import { z } from 'zod';
import { defineRoute } from '../http/route';
import { renderDocsPage } from './docs-page';
import { buildOpenApiDocument } from './document';

const Gadget = z
  .object({ name: z.string().meta({ description: 'Shown as <b>name</b>.' }), parts: z.array(z.object({ label: z.string() })).min(1) })
  .strict()
  .meta({ id: 'TestGadget', example: { name: '</pre><script>alert(1)</script>', parts: [{ label: 'a' }] } });

const doc = buildOpenApiDocument({
  title: 'Test <API>',
  description: 'Money in `micro` units.\n\n- **one** & two\n- three\n\nSteps:\n1. ask `**as is**`\n2. read [the codes](#errors), not [this](javascript:alert(1))',
  server: { url: '/', description: 'here' },
  securityScheme: { name: 'apiKey', description: 'Your key.' },
  sessionScheme: { name: 'session', cookie: 'brandradar_session', description: 'A person signed in.' },
  routes: [
    defineRoute({
      method: 'post',
      path: '/api/v1/gadgets/:id',
      operationId: 'makeGadget',
      summary: 'Make a <script>alert("x")</script> gadget',
      tag: 'Gadgets & more',
      scope: 'read',
      params: z.object({ id: z.uuid() }),
      body: Gadget,
      success: {
        status: 201,
        description: 'Made.',
        schema: z.object({ gadget: Gadget }),
        alternatives: [{ contentType: 'text/csv', description: 'The gadget as `CSV` <rows>.', example: 'name\r\n=x\r\n' }],
      },
      errors: ['invalid_state'],
      handle: async () => ({ status: 201 }),
    }),
  ],
  openRoutes: [],
  rateLimited: false,
  webhooks: {
    'gadget.made': z.object({ type: z.literal('gadget.made'), data: z.object({ gadget: Gadget }) }).meta({ id: 'TestGadgetMadeWebhook', description: 'A <gadget> was made.' }),
  },
});
const page = renderDocsPage(doc, '/openapi.json');

describe('renderDocsPage', () => {
  it('names the schemes that may call an operation and its scope, and describes each scheme', () => {
    expect(page).toContain('Authentication: <a href="#auth">apiKey</a> or <a href="#auth">session</a>, scope <code>read</code>. Operation id');
    expect(page).not.toContain('No authentication.');
    expect(page).toContain('<p><code>apiKey</code>: HTTP bearer.</p>');
    expect(page).toContain('<p><code>session</code>: the cookie <code>brandradar_session</code>.</p>');
  });

  it('names another media type of a response with what it holds, escaped', () => {
    expect(page).toContain('<p>With <code>Accept: text/csv</code>: The gadget as <code>CSV</code> &lt;rows&gt;.</p>');
  });

  it('escapes every text from the document', () => {
    expect(page).not.toContain('<script');
    expect(page).not.toContain('<API>');
    expect(page).toContain('Make a &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; gadget');
    expect(page).toContain('&lt;/pre&gt;&lt;script&gt;');
    expect(page).toContain('Gadgets &amp; more');
  });

  it('is self-contained: no scripts and nothing loaded from elsewhere', () => {
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|url\(/i);
    expect(page).not.toMatch(/href="(?!#|\/openapi\.json")/);
  });

  it('shows each operation with its method, path, parameters, body, example and error codes', () => {
    expect(page).toContain('<span class="method post">POST</span> <code>/api/v1/gadgets/{id}</code>');
    expect(page).toContain('<code>id</code></td><td>path</td><td>string (uuid)</td><td>yes</td>');
    expect(page).toContain('<code>parts[].label</code>');
    expect(page).toContain('Shown as &lt;b&gt;name&lt;/b&gt;.');
    expect(page).toContain('<a href="#schema-TestGadget">TestGadget</a>');
    expect(page).toMatch(/<strong>409<\/strong><\/td><td><p>Conflict.<\/p>\s*<ul>\s*<li><code>invalid_state<\/code>/);
    expect(page).toContain('<code>rate_limited</code></td><td>429</td>');
  });

  it('renders the markdown of descriptions', () => {
    expect(page).toContain('<p>Money in <code>micro</code> units.</p>');
    expect(page).toMatch(/<ul>\s*<li><strong>one<\/strong> &amp; two<\/li>\s*<li>three<\/li>\s*<\/ul>/);
    // CommonMark beyond the converter that came before: a list right after its line, code spans as is, links.
    expect(page).toMatch(/<p>Steps:<\/p>\s*<ol>\s*<li>ask <code>\*\*as is\*\*<\/code><\/li>\s*<li>read <a href="#errors">the codes<\/a>, not \[this\]\(javascript:alert\(1\)\)<\/li>\s*<\/ol>/);
  });

  it('shows each event sent to webhooks: its body, the signature headers and what an answer means', () => {
    expect(page).toContain('<a href="#webhook-gadget.made"><span class="method post">POST</span> gadget.made</a>');
    const section = page.slice(page.indexOf('<article id="webhook-gadget.made">'));
    expect(section).toContain('<p class="summary">A &lt;gadget&gt; was made.</p>');
    expect(section).toContain('<code>webhook-signature</code></td><td>header</td>');
    expect(section).toContain('<a href="#schema-TestGadgetMadeWebhook">TestGadgetMadeWebhook</a>');
    expect(section).toMatch(/<strong>2XX<\/strong><\/td><td><p>Received/);
  });
});

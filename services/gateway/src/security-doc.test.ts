import fs from 'node:fs';
import path from 'node:path';
import { describedRoutes } from './service';

// docs/security.md lists what each route needs; this keeps that table equal to the route table.
const DOC = path.join(__dirname, '..', '..', '..', 'docs', 'security.md');
const START = '<!-- route-scopes:start -->';
const END = '<!-- route-scopes:end -->';

it('lists in docs/security.md every public route with the scope it needs, as the route table says', () => {
  const rows = describedRoutes().public.map((r) => `| \`${r.method.toUpperCase()} ${r.path}\` | \`${r.scope}\` |`);
  const expected = ['| route | scope |', '|---|---|', ...rows].join('\n');
  const text = fs.readFileSync(DOC, 'utf8');
  const table = text.slice(text.indexOf(START) + START.length, text.indexOf(END)).trim();
  expect(table).toBe(expected);
});

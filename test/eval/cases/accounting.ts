import type { EvalCase } from '../types';
import { absent, at } from './label';

export const ACCOUNTING: EvalCase[] = [
  {
    id: 'acct-01',
    surface: 'chatgpt',
    industry: 'accounting',
    classes: ['common-word', 'list', 'spelling'],
    text: `Best accounting software for UK freelancers:

1. **FreeAgent** – free with some business bank accounts; great for self-assessment.
2. **Xero** – polished and accountant-friendly.
3. **Quick Books** – strong invoicing and receipt capture.
4. **Sage Accounting** – solid VAT features.

Sage's Start plan is the cheapest of the four.`,
    labels: [at('FreeAgent', 1, 'positive'), at('Xero', 2, 'positive'), at('QuickBooks', 3), at('Sage', 4)],
    discovered: [],
  },
  {
    id: 'acct-02',
    surface: 'claude',
    industry: 'accounting',
    classes: ['common-word', 'prose'],
    text: `The most sage advice for a new freelancer is to put aside a third of every invoice for tax. A wave of late payments can sink a small business, so invoice promptly and chase politely. Xero and FreeAgent can automate reminders.`,
    labels: [absent('Sage'), absent('Wave'), at('Xero', 1), at('FreeAgent', 2)],
    discovered: [],
  },
  {
    id: 'acct-03',
    surface: 'perplexity',
    industry: 'accounting',
    classes: ['common-word', 'table'],
    text: `| Software | Free plan | Payroll |
|---|---|---|
| Wave | Yes | Add-on |
| Zoho Books | Yes, under $50k revenue | No |
| QuickBooks Online | No | Add-on |
| FreshBooks | No | Via Gusto |

Wave is the only fully free option[1].`,
    labels: [at('Wave', 1), at('Zoho Books', 2), at('QuickBooks', 3), at('FreshBooks', 4)],
    discovered: [],
  },
  {
    id: 'acct-04',
    surface: 'gemini',
    industry: 'accounting',
    classes: ['common-word', 'prose', 'possessive'],
    text: `Bench is a bookkeeping service rather than software: a human bookkeeper does the work each month. Bench's pricing starts around $299 a month. If you'd rather do it yourself, QuickBooks is the standard.`,
    labels: [at('Bench', 1), at('QuickBooks', 2), absent('Wave')],
    discovered: [],
  },
  {
    id: 'acct-05',
    surface: 'google_ai_overview',
    industry: 'accounting',
    classes: ['common-word', 'prose'],
    text: `Benchmark your expenses against industry averages to spot overspending. Keep receipts for six years, and reconcile bank feeds weekly. FreshBooks and Xero both offer receipt scanning.`,
    labels: [absent('Bench'), at('FreshBooks', 1), at('Xero', 2)],
    discovered: [],
  },
  {
    id: 'acct-06',
    surface: 'chatgpt',
    industry: 'accounting',
    classes: ['heading', 'nested', 'common-word'],
    text: `## QuickBooks Online
- Best for US small businesses
- Integrates with Gusto, Shopify and Square

## Xero
- Unlimited users on every plan
- Strong bank-feed coverage in the UK and Australia

## Wave
- Free invoicing and accounting
- Paid payroll and payments`,
    labels: [at('QuickBooks', 1), at('Xero', 2, 'positive'), at('Wave', 3), at('Square', null)],
    discovered: [],
  },
  {
    id: 'acct-07',
    surface: 'claude',
    industry: 'accounting',
    classes: ['common-word', 'prose'],
    text: `Sage green is a popular colour for home offices because it's calming. If you mean the software, Sage 50 is still common among UK accountants, though many firms now prefer Xero.`,
    labels: [at('Sage', 1), at('Xero', 2)],
    discovered: [],
  },
  {
    id: 'acct-08',
    surface: 'perplexity',
    industry: 'accounting',
    classes: ['list', 'intro', 'spelling'],
    text: `Xero, FreshBooks and QuickBooks are the usual recommendations, but for very small businesses the ranking is different[1]:

1. **Wave** – free core accounting[2]
2. **Fresh Books** – easiest invoicing[3]
3. **XERO** – best for growing teams[1]`,
    labels: [at('Xero', 3), at('FreshBooks', 2), at('QuickBooks', null), at('Wave', 1)],
    discovered: [],
  },
];

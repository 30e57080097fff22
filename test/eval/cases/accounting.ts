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
  {
    id: 'acct-d01',
    surface: 'perplexity',
    industry: 'accounting',
    classes: ['list', 'nested'],
    text: `The best accounting software for UK sole traders, compared[1][2]:

1. **FreeAgent**
   - Pros: free with NatWest, RBS and Mettle accounts[1]
   - Cons: fewer integrations than Xero
2. **Xero**
   - Pros: polished bank feeds and a huge app marketplace[3]
   - Cons: price rises in 2024 and 2025
3. **QuickBooks Online**
   - Pros: good receipt capture and mileage tracking[2]
   - Cons: support quality varies
4. **Coconut**
   - Pros: built for the self-employed and ready for Making Tax Digital[4]
5. **Pandle**
   - Pros: a genuinely free plan[5]
6. **Sage Accounting**
   - Pros: solid VAT features[2]
   - Cons: a dated interface

Whichever you choose, make sure it is HMRC-recognised for Making Tax Digital[1].`,
    labels: [at('Xero', 2), at('QuickBooks', 3)],
    discovered: ['FreeAgent', 'Coconut', 'Pandle', 'Sage Accounting'],
  },
  {
    id: 'acct-d02',
    surface: 'gemini',
    industry: 'accounting',
    classes: ['table', 'list', 'common-word', 'possessive'],
    text: `Some sage advice before you pick: the best tool is often the one your accountant already knows. With that in mind, here's how the main options rank for US freelancers:

| Rank | Software | Starting price | Free plan |
|---|---|---|---|
| 1 | Wave | $0 | Yes |
| 2 | FreshBooks | $19/month | No |
| 3 | QuickBooks Solopreneur | $20/month | No |
| 4 | Zoho Books | $0 under $50k revenue | Yes |
| 5 | Xero | $15/month | No |

* **Invoicing:** all five send branded invoices and reminders.
* **Bank feeds:** Wave's are now a paid feature.
* **Payroll:** an add-on everywhere; Gusto integrates with most.

Sage Accounting is worth a look only if you also do business in the UK.`,
    labels: [at('Sage', null), at('Wave', 1)],
    discovered: ['FreshBooks', 'QuickBooks Solopreneur', 'Zoho Books', 'Xero'],
  },
  {
    id: 'acct-d03',
    surface: 'claude',
    industry: 'accounting',
    classes: ['heading', 'common-word', 'possessive'],
    text: `## Bookkeeping help for a small agency

If you'd rather not do the books yourself, you can hand them off. A word of warning: bench tests in software reviews rarely reflect a messy real year, so ask for a trial month.

### Bench
A dedicated bookkeeper reconciles your accounts each month, from around $299/month.
- **Pros:** hands-off, with year-end financial statements included
- **Cons:** you're tied to Bench's own software

### Pilot
Bookkeeping plus tax filing and CFO services, aimed at venture-backed startups.

### Bookkeeper360
Works on top of Xero or QuickBooks Online, so you keep your own ledger.

### Kruze Consulting
Specialises in startups, including R&D tax credits.

### Doing it yourself
If your finances are simple, **FreshBooks** handles invoicing and expenses for a fraction of the cost, and **Wave** is free.`,
    labels: [at('Bench', 1), at('FreshBooks', null)],
    discovered: ['Pilot', 'Bookkeeper360', 'Kruze Consulting', 'Wave'],
  },
];

import type { EvalCase } from '../types';
import { absent, at } from './label';

export const BANKING: EvalCase[] = [
  {
    id: 'bank-01',
    surface: 'chatgpt',
    industry: 'banking',
    classes: ['common-word', 'prose'],
    text: `If a client hasn't paid, don't be afraid to chase the invoice politely after seven days. Accounting tools can send automatic reminders so you don't have to chase payments by hand; for business banking, many freelancers use Mercury or Novo.`,
    labels: [absent('Chase'), at('Mercury', 1), at('Novo', 2)],
    discovered: [],
  },
  {
    id: 'bank-02',
    surface: 'perplexity',
    industry: 'banking',
    classes: ['common-word', 'list', 'intro'],
    text: `The best business checking accounts for small businesses[1]:

1. **Chase Business Complete Banking** – large branch network, $15 fee waivable[2].
2. **Bank of America Business Advantage** – good for existing BofA customers[3].
3. **Mercury** – fee-free online banking for startups[1].
4. **Novo** – simple account with integrations[4].

Chase also offers a $300 sign-up bonus for new accounts[2].`,
    labels: [at('Chase', 1), at('Bank of America', 2), at('Mercury', 3), at('Novo', 4)],
    discovered: [],
  },
  {
    id: 'bank-03',
    surface: 'claude',
    industry: 'banking',
    classes: ['common-word', 'prose'],
    text: `A good accountant can be your greatest ally when you start a business. They will help you discover deductions you did not know about and chase down missing receipts. Many also recommend opening a separate account at an online bank such as Revolut or Monzo.`,
    labels: [absent('Ally'), absent('Discover'), absent('Chase'), at('Revolut', 1), at('Monzo', 2)],
    discovered: [],
  },
  {
    id: 'bank-04',
    surface: 'gemini',
    industry: 'banking',
    classes: ['common-word', 'table'],
    text: `| Bank | Savings APY | Minimum deposit |
|---|---|---|
| Ally | 3.80% | $0 |
| Discover | 3.75% | $0 |
| Capital One 360 | 3.70% | $0 |
| Marcus by Goldman Sachs | 3.90% | $0 |

Rates change often; discover the current rate on each bank's site before opening.`,
    labels: [at('Ally', 1), at('Discover', 2), at('Capital One', 3), at('Marcus', 4)],
    discovered: [],
  },
  {
    id: 'bank-05',
    surface: 'google_ai_overview',
    industry: 'banking',
    classes: ['intro', 'list', 'common-word'],
    text: `Banks with the highest savings rates include Ally, Marcus and Discover.
- Marcus: No-fee savings with a consistently high rate.
- Ally: Online bank known for buckets and no fees.
- Discover: Cashback debit and high-yield savings.`,
    labels: [at('Ally', 2), at('Discover', 3), at('Marcus', 1), absent('Chase')],
    discovered: [],
  },
  {
    id: 'bank-06',
    surface: 'chatgpt',
    industry: 'banking',
    classes: ['diacritics', 'spelling', 'list'],
    text: `Digital banks popular with expats in Europe:

- **N26** – German bank, English app, free basic account.
- **Revolut** – multi-currency accounts and cheap FX.
- **Wise** – best rates for transfers; not a full bank everywhere.
- **bunq** – Dutch bank with strong sustainability focus.

For Spain specifically, Openbank and Banco Santander's app are also common; BBVA's online account is popular too.`,
    labels: [at('N26', 1), at('Revolut', 2), at('Wise', 3), at('bunq', 4), at('BBVA', null)],
    discovered: [],
  },
  {
    id: 'bank-07',
    surface: 'claude',
    industry: 'banking',
    classes: ['common-word', 'prose'],
    text: `It's wise to keep three months of expenses in an easy-access account. Compare rates every year, because introductory offers often drop after twelve months. Revolut and Monzo both offer instant-access savings pots.`,
    labels: [absent('Wise'), at('Revolut', 1), at('Monzo', 2)],
    discovered: [],
  },
  {
    id: 'bank-08',
    surface: 'perplexity',
    industry: 'banking',
    classes: ['heading', 'possessive', 'common-word'],
    text: `## Chase Sapphire Preferred
Chase's flagship travel card earns 3x on dining and 2x on travel[1].

## Capital One Venture
A flat 2x miles on everything; simple to use[2].

## Discover it Miles
No annual fee; Discover matches all miles in the first year[3].`,
    labels: [at('Chase', 1, 'positive'), at('Capital One', 2, 'positive'), at('Discover', 3)],
    discovered: [],
  },
  {
    id: 'bank-09',
    surface: 'gemini',
    industry: 'banking',
    classes: ['common-word', 'prose'],
    text: `Chase your goals one step at a time: automate a transfer on payday, round up purchases, and review subscriptions monthly. Apps such as Monzo make this easy with savings pots.`,
    labels: [absent('Chase'), at('Monzo', 1)],
    discovered: [],
  },
  {
    id: 'bank-10',
    surface: 'chatgpt',
    industry: 'banking',
    classes: ['prose', 'spelling'],
    text: `For a joint account in the UK, Monzo and Starling are the easiest to open from an app. MONZO's bill-splitting features are handy for couples, and Starling has no fees abroad.`,
    labels: [at('Monzo', 1, 'positive'), at('Starling', 2), absent('Revolut')],
    discovered: [],
  },
  {
    id: 'bank-d01',
    surface: 'claude',
    industry: 'banking',
    classes: ['heading', 'possessive', 'common-word'],
    text: `## Banking as a newcomer in Berlin

Opening a German account used to require an Anmeldung (registration certificate). Several banks now let you open one with just a passport, and it's wise to do so before your first payday.

### N26
A fully mobile German bank. The free Standard account works for most people, and support is available in English.

### Revolut
Technically a Lithuanian bank, but popular in Germany for multi-currency spending. Revolut's German IBANs are now standard.

### Commerzbank
A traditional bank with branches everywhere, useful if you need to deposit cash.

### DKB
Popular with expats for free card payments abroad.

### ING
A free current account with a good app, though some paperwork is only in German.

### What you'll need
- **Passport** or national ID
- **Anmeldung** (for traditional banks)
- **Steuer-ID** (your tax ID, which can come later)

For sending money home, Wise is usually cheaper than any of these banks.`,
    labels: [at('Revolut', 2), at('Wise', null)],
    discovered: ['N26', 'Commerzbank', 'DKB', 'ING'],
  },
  {
    id: 'bank-d02',
    surface: 'perplexity',
    industry: 'banking',
    classes: ['table', 'common-word'],
    text: `Top high-yield savings accounts this month, ranked by APY[1][2]:

| # | Bank | APY | Minimum |
|---|---|---|---|
| 1 | Bread Savings | 4.25% | $100 |
| 2 | Ally Bank | 3.80% | $0 |
| 3 | American Express National Bank | 3.70% | $0 |
| 4 | SoFi | 3.80%* | $0 |
| 5 | Capital One 360 Performance Savings | 3.60% | $0 |
| 6 | Marcus by Goldman Sachs | 3.65% | $0 |

*With direct deposit[3].

Big banks pay far less: Chase Premier Savings earns 0.01% unless you hold a relationship rate[4]. If you chase the best rate every month, watch for introductory offers that expire[2].`,
    labels: [at('Chase', null), at('Ally', 2)],
    discovered: ['Bread Savings', 'American Express National Bank', 'SoFi', 'Capital One 360 Performance Savings', 'Marcus by Goldman Sachs'],
  },
  {
    id: 'bank-d03',
    surface: 'gemini',
    industry: 'banking',
    classes: ['list', 'table'],
    text: `Here's a quick look at business bank accounts for UK sole traders and small limited companies:

* **Starling Bank** – free business account, excellent app, no monthly fee.
* **Tide** – fast sign-up, with a free plan and per-transfer fees.
* **Monzo Business** – free Lite plan; Pro adds tax pots and accounting integrations.
* **Mettle** – free, backed by NatWest, with FreeAgent included.
* **Countingup** – combines the account with bookkeeping.
* **Barclays** – the traditional option if you need branches.

| | Starling | Tide | Monzo |
|---|---|---|---|
| Monthly fee | £0 | £0 | £0 (Lite) |
| Free bank transfers | Yes | No | Yes |
| Cash deposits | Post Office | Post Office | PayPoint |

**Good to know:** check deposit protection before you choose, since e-money accounts are not always covered by the FSCS.`,
    labels: [at('Starling', 1), at('Monzo', 3)],
    discovered: ['Tide', 'Mettle', 'Countingup', 'Barclays'],
  },
  {
    id: 'bank-d04',
    surface: 'google_ai_overview',
    industry: 'banking',
    classes: ['intro', 'list'],
    text: `The best accounts for travelling abroad include Starling, Monzo and Revolut, all of which skip foreign transaction fees on card spending.
- Starling Bank: No fees on spending or cash withdrawals abroad.
- Monzo: Free spending abroad and fee-free withdrawals up to a monthly limit.
- Revolut: Spending in over 150 currencies at interbank rates on weekdays.
- Wise: A multi-currency account with local bank details in several countries.
- Chase UK: Cashback on debit card spending in the first year.
- Halifax Clarity: A credit card with no foreign transaction fees.
- Barclaycard Rewards: Another fee-free credit card for travel.
- Weekends: Some apps add a markup to currency exchange on weekends.`,
    labels: [at('Revolut', 3), at('Monzo', 2)],
    discovered: ['Starling Bank', 'Wise', 'Chase UK', 'Halifax Clarity', 'Barclaycard Rewards'],
  },
];

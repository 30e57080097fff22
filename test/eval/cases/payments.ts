import type { EvalCase } from '../types';
import { absent, at } from './label';

export const PAYMENTS: EvalCase[] = [
  {
    id: 'pay-01',
    surface: 'claude',
    industry: 'payments',
    classes: ['common-word', 'prose'],
    text: `When you lease retail space, price per square foot matters more than total rent. Square footage also determines how many card terminals and staff you need. For a small café, a single Clover or Toast terminal is usually enough.`,
    labels: [absent('Square'), at('Clover', 1), at('Toast', 2)],
    discovered: [],
  },
  {
    id: 'pay-02',
    surface: 'chatgpt',
    industry: 'payments',
    classes: ['common-word', 'list', 'intro'],
    text: `Best POS systems for a small coffee shop:

1. **Square** – free software, simple hardware, 2.6% + 15¢ per tap.
2. **Toast** – built for restaurants, strong kitchen display system.
3. **Clover** – flexible hardware sold through banks.
4. **Lightspeed** – better for multi-location inventory.

Square is the easiest to start with.`,
    labels: [at('Square', 1, 'positive'), at('Toast', 2), at('Clover', 3), at('Lightspeed', 4)],
    discovered: [],
  },
  {
    id: 'pay-03',
    surface: 'gemini',
    industry: 'payments',
    classes: ['common-word', 'prose'],
    text: `If your first product launch fails, you are not back to square one: you have customer feedback, a mailing list and a working checkout. Toast your small wins and iterate. Stripe makes it easy to spin up a new payment link in minutes.`,
    labels: [absent('Square'), absent('Toast'), at('Stripe', 1)],
    discovered: [],
  },
  {
    id: 'pay-04',
    surface: 'perplexity',
    industry: 'payments',
    classes: ['table', 'spelling'],
    text: `| Processor | Online fee | In-person fee |
|---|---|---|
| Stripe | 2.9% + 30¢ | 2.7% + 5¢ |
| Pay Pal | 3.49% + 49¢ | 2.29% + 9¢ |
| Square | 2.9% + 30¢ | 2.6% + 15¢ |
| Adyen | Interchange++ | Interchange++ |`,
    labels: [at('Stripe', 1), at('PayPal', 2), at('Square', 3), at('Adyen', 4)],
    discovered: [],
  },
  {
    id: 'pay-05',
    surface: 'google_ai_overview',
    industry: 'payments',
    classes: ['intro', 'list', 'common-word'],
    text: `Payment processors small businesses use most include Square, Stripe and PayPal.
- Stripe: Developer-friendly APIs and global coverage.
- PayPal: Trusted checkout with buyer protection.
- Square: All-in-one hardware and software for in-person sales.`,
    labels: [at('Square', 3), at('Stripe', 1), at('PayPal', 2)],
    discovered: [],
  },
  {
    id: 'pay-06',
    surface: 'chatgpt',
    industry: 'payments',
    classes: ['common-word', 'prose', 'possessive'],
    text: `Stripe's pricing is simple, but watch for the stripe of extra fees on international cards and currency conversion. PayPal’s fees are higher for invoices.`,
    labels: [at('Stripe', 1), at('PayPal', 2), absent('Square')],
    discovered: [],
  },
  {
    id: 'pay-07',
    surface: 'claude',
    industry: 'payments',
    classes: ['heading', 'common-word'],
    text: `### Toast
Purpose-built for restaurants, with online ordering and payroll add-ons.

### Square for Restaurants
Cheaper to start, good enough for counter service.

### Clover
A four-leaf clover won't help your margins, but Clover's hardware range is wide.`,
    labels: [at('Toast', 1, 'positive'), at('Square', 2), at('Clover', 3)],
    discovered: [],
  },
  {
    id: 'pay-08',
    surface: 'perplexity',
    industry: 'payments',
    classes: ['common-word', 'prose'],
    text: `Raise a toast to your first thousand customers, then look at your payment costs[1]. At volume, interchange-plus pricing from Adyen or Stripe usually beats flat-rate plans[2].`,
    labels: [absent('Toast'), at('Adyen', 1), at('Stripe', 2)],
    discovered: [],
  },
];

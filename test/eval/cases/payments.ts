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
  {
    id: 'pay-d01',
    surface: 'perplexity',
    industry: 'payments',
    classes: ['list'],
    text: `Best payment providers for a European SaaS startup[1][2]:

1. **Stripe** – the default choice; Billing handles subscriptions and proration[1].
2. **Paddle** – merchant of record, so it handles EU VAT for you[3].
3. **Lemon Squeezy** – merchant of record aimed at indie software makers[4].
4. **Mollie** – strong local payment methods such as iDEAL and Bancontact[5].
5. **GoCardless** – direct debit for annual B2B invoices[2].
6. **Chargebee** – subscription billing on top of your processor[3].

**Merchant of record vs. processor:** a merchant of record sells to your customer on your behalf and takes on the tax liability; a processor only moves the money[3].

PayPal is still worth adding at checkout for consumer plans, since many buyers expect it[1].`,
    labels: [at('Stripe', 1, 'positive'), at('PayPal', null)],
    discovered: ['Paddle', 'Lemon Squeezy', 'Mollie', 'GoCardless', 'Chargebee'],
  },
  {
    id: 'pay-d02',
    surface: 'chatgpt',
    industry: 'payments',
    classes: ['heading', 'nested', 'common-word'],
    text: `Here are the best POS systems for restaurants in 2025, depending on your service style:

### 1. Toast – best for full-service restaurants
- **Pricing:** $0 starter kit, or $69/month for Core
- **Standout feature:** kitchen display system and handheld ordering

### 2. Square for Restaurants – best for counter service
- **Pricing:** free plan; Plus from $49/month per location
- **Standout feature:** easy setup, no contract

### 3. SpotOn – best for bars
- **Pricing:** custom quote
- **Standout feature:** strong customer support

### 4. Lightspeed Restaurant – best for multi-location groups
- **Pricing:** from $189/month

### 5. TouchBistro – best for iPad-based setups
- **Pricing:** from $69/month

### 6. Clover – best for bank-bundled hardware
- **Pricing:** varies by reseller

**Bottom line:** If you're starting from square one, Square is the cheapest way to get going; Toast pays off once volume grows.`,
    labels: [at('Toast', 1), at('Square', 2)],
    discovered: ['SpotOn', 'Lightspeed Restaurant', 'TouchBistro', 'Clover'],
  },
  {
    id: 'pay-d03',
    surface: 'gemini',
    industry: 'payments',
    classes: ['table', 'list', 'domain', 'possessive'],
    text: `For a mid-sized online retailer processing around $5M a year, these are the processors usually shortlisted:

| Rank | Provider | Pricing model | Best for |
|---|---|---|---|
| 1 | Adyen | Interchange++ plus a fixed fee | Global, omnichannel retail |
| 2 | Stripe | 2.9% + 30¢, custom at volume | Developer-led teams |
| 3 | Checkout.com | Custom interchange++ | High-volume e-commerce |
| 4 | Braintree | 2.59% + 49¢ | PayPal and Venmo acceptance |
| 5 | Worldpay | Custom | Large enterprises with legacy systems |
| 6 | Nuvei | Custom | Alternative payment methods |

* **Price:** at this volume, always negotiate; published rates are a ceiling.
* **Payouts:** Adyen and Checkout.com settle daily in many currencies.
* **Fraud tools:** Stripe Radar is included; Adyen's RevenueProtect is comparable.`,
    labels: [at('Adyen', 1), at('Stripe', 2)],
    discovered: ['Checkout.com', 'Braintree', 'Worldpay', 'Nuvei'],
  },
  {
    id: 'pay-d04',
    surface: 'claude',
    industry: 'payments',
    classes: ['heading', 'possessive'],
    text: `## Buy now, pay later for an online store

Adding a BNPL option can lift average order value, but the providers differ in fees and reach.

### Klarna
The best-known brand in Europe and the US. Merchants pay a few percent per transaction, and shoppers get an app that sends traffic to your store.

### Afterpay
Strong with younger shoppers in Australia, the US and the UK (where it is known as Clearpay).

### Affirm
Longer-term financing for bigger purchases, with transparent interest and no late fees.

### Zip
Flexible instalments with a large US presence.

### Sezzle
Popular with smaller merchants and fashion brands.

### PayPal Pay in 4
No extra integration if you already accept PayPal.

### Fees at a glance
- **Merchant fee:** usually 2–8% per order
- **Settlement:** typically within a few days

Klarna's brand recognition is the main reason to pick it first; Affirm suits stores with average orders above $500.`,
    labels: [at('Klarna', 1, 'positive'), at('Affirm', 3)],
    discovered: ['Afterpay', 'Zip', 'Sezzle', 'PayPal Pay in 4'],
  },
];

import type { EvalCase } from '../types';
import { absent, at } from './label';

export const EMAIL: EvalCase[] = [
  {
    id: 'mail-01',
    surface: 'chatgpt',
    industry: 'email marketing',
    classes: ['common-word', 'list', 'intro'],
    text: `For a creator newsletter, these platforms are the most popular:

1. **Kit** (formerly ConvertKit) – built for creators, with a free plan up to 10,000 subscribers.
2. **Beehiiv** – growth tools and an ad network.
3. **Substack** – free to start, takes 10% of paid subscriptions.
4. **Mailchimp** – general-purpose, less creator-focused.`,
    labels: [at('Kit', 1), at('Beehiiv', 2), at('Substack', 3), at('Mailchimp', 4)],
    discovered: [],
  },
  {
    id: 'mail-02',
    surface: 'claude',
    industry: 'email marketing',
    classes: ['common-word', 'prose'],
    text: `A welcome drip campaign is the highest-return sequence most stores can set up: three to five emails over two weeks. Keep your media kit and brand guidelines handy so every email looks consistent. Klaviyo and Omnisend both have templates for this.`,
    labels: [absent('Drip'), absent('Kit'), at('Klaviyo', 1), at('Omnisend', 2)],
    discovered: [],
  },
  {
    id: 'mail-03',
    surface: 'perplexity',
    industry: 'email marketing',
    classes: ['common-word', 'spelling', 'prose'],
    text: `Small nonprofits should stay in constant contact with donors, ideally monthly[1]. An active campaign calendar helps: plan appeals around giving days. Tools like Mailchimp or Brevo offer nonprofit discounts[2].`,
    labels: [absent('Constant Contact'), absent('ActiveCampaign'), at('Mailchimp', 1), at('Brevo', 2)],
    discovered: [],
  },
  {
    id: 'mail-04',
    surface: 'gemini',
    industry: 'email marketing',
    classes: ['table', 'spelling'],
    text: `| Platform | Free plan | Automation |
|---|---|---|
| MailChimp | 500 contacts | Basic |
| Active Campaign | None | Advanced |
| Constant Contact | None | Moderate |
| Brevo (ex-Sendinblue) | 300 emails/day | Good |`,
    labels: [at('Mailchimp', 1), at('ActiveCampaign', 2), at('Constant Contact', 3), at('Brevo', 4)],
    discovered: [],
  },
  {
    id: 'mail-05',
    surface: 'google_ai_overview',
    industry: 'email marketing',
    classes: ['intro', 'list', 'common-word'],
    text: `Email platforms for Shopify stores include Klaviyo, Drip and Omnisend.
- Klaviyo: Deep Shopify data and segmentation.
- Omnisend: SMS and email in one plan.
- Drip: Visual workflows built for e-commerce.`,
    labels: [at('Klaviyo', 1), at('Drip', 3), at('Omnisend', 2)],
    discovered: [],
  },
  {
    id: 'mail-06',
    surface: 'chatgpt',
    industry: 'email marketing',
    classes: ['heading', 'possessive', 'spelling'],
    text: `## ActiveCampaign
ActiveCampaign's automation builder is the most powerful in its price range.

## Mailchimp
Easy to learn, but Mailchimp’s pricing climbs quickly with list size.

## Brevo
Charges by emails sent, not contacts.`,
    labels: [at('ActiveCampaign', 1, 'positive'), at('Mailchimp', 2), at('Brevo', 3)],
    discovered: [],
  },
  {
    id: 'mail-07',
    surface: 'claude',
    industry: 'email marketing',
    classes: ['common-word', 'prose'],
    text: `Kit is a good choice if you sell digital products, since it handles payments and tip jars. Compared with Mailchimp, Kit's editor is plainer but faster.`,
    labels: [at('Kit', 1, 'positive'), at('Mailchimp', 2)],
    discovered: [],
  },
  {
    id: 'mail-08',
    surface: 'perplexity',
    industry: 'email marketing',
    classes: ['list', 'nested', 'common-word'],
    text: `Steps to launch your first newsletter[1]:

1. Pick a niche and a sending schedule.
2. Choose a platform
   - Beehiiv or Kit for creators
   - Klaviyo for stores
3. Write a welcome email.
4. Promote the signup form everywhere[2].`,
    labels: [at('Beehiiv', 1), at('Kit', 1), at('Klaviyo', 2)],
    discovered: [],
  },
  {
    id: 'mail-d01',
    surface: 'google_ai_overview',
    industry: 'email marketing',
    classes: ['intro', 'list', 'common-word'],
    text: `Mailchimp alternatives that small businesses switch to include MailerLite, Brevo and Kit, mostly for lower prices.
- MailerLite: Free for up to 1,000 subscribers, with automations included.
- Brevo: Charges by emails sent rather than contacts.
- Kit: Built for creators selling digital products.
- Klaviyo: Better for e-commerce, though pricier.
- EmailOctopus: Low-cost plans built on Amazon SES.
- Migration: Most let you import a Mailchimp CSV export directly.`,
    labels: [at('Mailchimp', null), at('Klaviyo', 4)],
    discovered: ['MailerLite', 'Brevo', 'Kit', 'EmailOctopus'],
  },
  {
    id: 'mail-d02',
    surface: 'claude',
    industry: 'email marketing',
    classes: ['heading', 'spelling', 'possessive', 'common-word'],
    text: `## Where to host a paid newsletter

Writers like **Lenny Rachitsky** and **Casey Newton** have shown that a paid newsletter can be a real business, and the platform you pick shapes how you grow.

### Substack
Free to start; takes 10% of paid subscriptions. The network effect (recommendations and the app) is its biggest draw.

### beehiiv
No revenue cut; you pay a monthly fee instead. Strong growth tools and a built-in ad network.

### Ghost
Open source, with hosted plans from $9/month. You keep all of your revenue.

### Buttondown
Minimal, markdown-first and developer-friendly.

### Kit
Built for creators who sell digital products alongside the newsletter.

### Comparing costs
At $50,000 a year in subscriptions, Substack's 10% cut is $5,000, while Beehiiv's Scale plan costs far less.`,
    labels: [at('Substack', 1), at('Beehiiv', 2)],
    discovered: ['Ghost', 'Buttondown', 'Kit'],
  },
  {
    id: 'mail-d03',
    surface: 'gemini',
    industry: 'email marketing',
    classes: ['table', 'list', 'common-word'],
    text: `Here's how email platforms for small nonprofits compare:

| Platform | Nonprofit discount | Free plan |
|---|---|---|
| Mailchimp | 15% | Up to 500 contacts |
| Constant Contact | Up to 30% | No |
| Brevo | None | 300 emails/day |
| MailerLite | 30% | Up to 1,000 subscribers |
| Bloomerang | CRM bundle | No |

* **Donor segmentation:** strongest in Bloomerang, since it is a donor CRM first.
* **Automation:** if you need advanced journeys, ActiveCampaign offers a nonprofit discount too.
* **Tip:** stay in constant contact with donors, but not more than twice a month.`,
    labels: [at('Constant Contact', 2), at('ActiveCampaign', null)],
    discovered: ['Mailchimp', 'Brevo', 'MailerLite', 'Bloomerang'],
  },
  {
    id: 'mail-d04',
    surface: 'perplexity',
    industry: 'email marketing',
    classes: ['table', 'list', 'common-word'],
    text: `The best email and SMS platforms for Shopify stores, according to recent comparisons[1][2]:

| Platform | Free plan | SMS | Starting price |
|---|---|---|---|
| Klaviyo | 250 contacts | Yes | $20/month |
| Omnisend | 250 contacts | Yes | $16/month |
| Shopify Email | 10,000 emails/month | No | Free |
| Privy | None | Yes | $30/month |
| Drip | None | No | $39/month |
| Mailchimp | 500 contacts | Limited | $13/month |
| Sendlane | None | Yes | $75/month |

- **Best overall:** Klaviyo, for segmentation and predictive analytics[1]
- **Best value:** Omnisend, which bundles SMS credits[2]
- **Best free option:** Shopify Email, for stores just starting out[3]

Attentive and Postscript are SMS-only specialists if texting is your main channel[4].`,
    labels: [at('Klaviyo', 1, 'positive'), at('Omnisend', 2)],
    discovered: ['Shopify Email', 'Privy', 'Drip', 'Mailchimp', 'Sendlane'],
  },
];

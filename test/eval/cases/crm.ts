import type { EvalCase } from '../types';
import { absent, at } from './label';

export const CRM: EvalCase[] = [
  {
    id: 'crm-01',
    surface: 'chatgpt',
    industry: 'crm',
    classes: ['common-word', 'list', 'intro'],
    text: `Choosing a CRM for a small sales team comes down to how fast reps can close a deal and how little admin they do. Here are the options teams pick most often:

1. **HubSpot CRM** – A generous free tier and an easy pipeline view.
2. **Pipedrive** – Built around the deal pipeline; great for visual thinkers.
3. **Close** – Calling and email built in, ideal for inside sales teams that need to close quickly.
4. **Salesforce Starter** – The most customisable, with a steeper learning curve.

If your reps live on the phone, Close is hard to beat.`,
    labels: [at('Close', 3, 'positive'), at('HubSpot', 1), at('Pipedrive', 2), at('Salesforce', 4)],
    discovered: [],
  },
  {
    id: 'crm-02',
    surface: 'claude',
    industry: 'crm',
    classes: ['common-word', 'prose'],
    text: `A good CRM helps you close more deals, but only if your team actually uses it. Keep a close eye on adoption in the first month: if reps still track deals in spreadsheets, the tool is too heavy.

For most small businesses, HubSpot's free plan is the easiest place to start. Teams that outgrow it often move to Pipedrive for its clean pipeline view.`,
    labels: [absent('Close'), at('HubSpot', 1, 'positive'), at('Pipedrive', 2)],
    discovered: [],
  },
  {
    id: 'crm-03',
    surface: 'perplexity',
    industry: 'crm',
    classes: ['common-word', 'domain', 'list'],
    text: `The best CRMs for startups in 2025 are:

1. **HubSpot** – free CRM with marketing tools built in[1].
2. **Close (close.com)** – built-in calling, SMS and email sequences for outbound teams[2].
3. **Attio** – a flexible, data-model-first CRM popular with tech startups[3].
4. **Folk** – lightweight contact management for founders[1].

Close.io was renamed Close in 2020 but many reviews still use the old name[2].`,
    labels: [at('Close', 2), at('HubSpot', 1), at('Attio', 3), absent('Pipedrive')],
    discovered: ['Folk'],
  },
  {
    id: 'crm-04',
    surface: 'gemini',
    industry: 'crm',
    classes: ['spelling', 'table'],
    text: `Here is a quick comparison of popular CRM platforms:

| CRM | Best for | Starting price |
|---|---|---|
| SALESFORCE Sales Cloud | Large enterprises | $25/user/month |
| Hub Spot | Inbound marketing teams | Free |
| Pipedrive | Pipeline-focused SMBs | $14/user/month |
| Zoho CRM | Budget-conscious teams | $14/user/month |

**Bottom line:** Hubspot is the easiest to start with, while Salesforce scales furthest.`,
    labels: [at('Salesforce', 1), at('HubSpot', 2, 'positive'), at('Pipedrive', 3), at('Zoho CRM', 4)],
    discovered: [],
  },
  {
    id: 'crm-05',
    surface: 'google_ai_overview',
    industry: 'crm',
    classes: ['intro', 'list', 'common-word'],
    text: `CRM software options people compare most often include Salesforce, HubSpot and Pipedrive.
- Pipedrive: Praised by reviewers for a clear visual pipeline.
- Salesforce: Stands out for deep customisation.
- HubSpot: A strong pick thanks to a generous free plan.
- Copper: Known for strong Google Workspace integration.
Sales teams say any of these can help close the gap between marketing and sales.`,
    labels: [at('Salesforce', 2), at('HubSpot', 3), at('Pipedrive', 1), at('Copper', 4), absent('Close')],
    discovered: [],
  },
  {
    id: 'crm-06',
    surface: 'claude',
    industry: 'crm',
    classes: ['common-word', 'prose', 'possessive'],
    text: `Close is a CRM designed for inside sales. Close's built-in dialer and email sequences mean reps rarely leave the app, which is why outbound teams like it. The trade-off is that Close offers fewer marketing features than HubSpot, so you may still need a separate email tool.`,
    labels: [at('Close', 1, 'positive'), at('HubSpot', 2), absent('Pipedrive')],
    discovered: [],
  },
  {
    id: 'crm-07',
    surface: 'chatgpt',
    industry: 'crm',
    classes: ['heading', 'nested', 'spelling'],
    text: `## Best CRM for a 10-person sales team

### 1. Pipedrive
- **Pros:** visual pipeline, fast setup, good mobile app
- **Cons:** reporting is thinner than HubSpot or Salesforce

### 2. HubSpot Sales Hub
- **Pros:** free CRM core, marketing add-ons
- **Cons:** costs jump at the Professional tier
  - many teams compare it with Zoho at this point

### 3. Salesforce Essentials
- **Pros:** unmatched customisation
- **Cons:** admin-heavy

Overall, pick Pipedrive for simplicity and HubSpot if marketing matters.`,
    labels: [at('Pipedrive', 1, 'positive'), at('HubSpot', 2), at('Salesforce', 3), at('Zoho', null)],
    discovered: [],
  },
  {
    id: 'crm-08',
    surface: 'perplexity',
    industry: 'crm',
    classes: ['common-word', 'list'],
    text: `To close deals faster, focus on these CRM features[1]:

1. Pipeline automation that moves deals when a task is done.
2. Email tracking so you know when a prospect opens your proposal[2].
3. A shared inbox, so nothing falls through the cracks.
4. Close-date forecasting based on deal stage[3].

Most mid-market tools, including HubSpot and Pipedrive, cover all four[1].`,
    labels: [absent('Close'), at('HubSpot', 1), at('Pipedrive', 2)],
    discovered: [],
  },
  {
    id: 'crm-09',
    surface: 'gemini',
    industry: 'crm',
    classes: ['domain', 'list', 'intro'],
    text: `If you want a CRM that your sales team will actually enjoy, monday.com and Pipedrive are worth a look alongside the usual names.

* **monday sales CRM** – built on monday.com's Work OS, very visual and easy to customise.
* **Pipedrive** – focused on pipeline management.
* **Salesforce** – the enterprise standard.

Monday.com's no-code automations are a highlight, though its reporting is limited.`,
    labels: [at('monday.com', 1), at('Pipedrive', 2), at('Salesforce', 3)],
    discovered: [],
  },
  {
    id: 'crm-10',
    surface: 'chatgpt',
    industry: 'crm',
    classes: ['common-word', 'prose'],
    text: `Your weekly sales meeting on Monday is a good moment to review the pipeline. Look at deals that are close to the finish line and chase the ones that have gone quiet. Salesforce and HubSpot both have dashboards for exactly this.`,
    labels: [absent('monday.com'), absent('Close'), at('Salesforce', 1), at('HubSpot', 2)],
    discovered: [],
  },
];

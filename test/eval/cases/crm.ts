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
  {
    id: 'crm-d01',
    surface: 'chatgpt',
    industry: 'crm',
    classes: ['list', 'nested', 'intro', 'domain', 'common-word'],
    text: `Looking for a HubSpot alternative that won't break the budget? Here are the CRMs small sales teams switch to most often:

1. **Zoho CRM** – The best value if you need automation on a budget.
   - **Price:** from $14/user/month
   - **Best for:** teams already using other Zoho apps
2. **Pipedrive** – A visual, deal-first pipeline that reps pick up in a day.
   - **Price:** from $14/user/month
   - **Best for:** sales-led small businesses
3. **Freshsales** – Built-in phone and email with AI lead scoring.
   - **Price:** free plan; paid from $9/user/month
   - **Best for:** inbound teams
4. **Monday Sales CRM** – Very customisable boards, handy if the rest of the company already lives in monday.com.
   - **Price:** from $12/seat/month
5. **Copper** – Lives inside Gmail and Google Workspace.
   - **Price:** from $9/user/month
6. **Close** – Calling, SMS and sequences for outbound teams.
7. **Less Annoying CRM** – One plan at $15/user/month, famously simple.

**Bottom line:** Pipedrive is the safest switch from HubSpot for a pure sales team; pick Zoho CRM if price matters most.`,
    labels: [at('HubSpot', null), at('Pipedrive', 2)],
    discovered: ['Zoho CRM', 'Freshsales', 'Monday Sales CRM', 'Copper', 'Close', 'Less Annoying CRM'],
  },
  {
    id: 'crm-d02',
    surface: 'claude',
    industry: 'crm',
    classes: ['heading', 'common-word', 'domain'],
    text: `## CRMs for an early-stage startup

The right CRM at seed stage is the one your founders will actually keep up to date. Salesforce is overkill for most teams of five, so here is where I'd look instead.

### 1. Folk – best for founder-led sales
Folk feels like a contact spreadsheet with superpowers: import from LinkedIn in one click and run simple email sequences.

#### Why it stands out
Setup takes minutes, and pricing is flat per seat.

### 2. Attio – best for startups that want their own data model
Attio lets you define your own objects, so it grows with you from fundraising to sales.

#### Why it stands out
The API and automations are excellent, which is why product-led companies like it.

#### Drawbacks
Reporting is still maturing.

### 3. Notion as a lightweight CRM
If you already run the company in Notion, a database with a few views can carry you to your first twenty customers.

### 4. Twenty
An open-source CRM you can self-host, with a modern interface.

### 5. Affinity – best for investors
Relationship intelligence built for dealflow rather than sales pipelines.

If you mostly do outbound, **Apollo.io** bundles contact data with sequences and pairs well with any of these.

**Verdict:** start with Folk or Attio, and revisit Salesforce once you hire a sales team.`,
    labels: [at('Salesforce', null), at('Attio', 2, 'positive')],
    discovered: ['Folk', 'Notion', 'Twenty', 'Affinity', 'Apollo.io'],
  },
  {
    id: 'crm-d03',
    surface: 'perplexity',
    industry: 'crm',
    classes: ['list', 'common-word', 'domain', 'spelling'],
    text: `The best CRMs for teams that live in Google Workspace, based on recent reviews[1][2]:

1. **Copper** – native Gmail sidebar that logs emails and meetings automatically[1].
2. **HubSpot** – free CRM with a Gmail extension and email tracking[3].
3. **Streak** – a CRM that lives entirely inside your inbox[2].
4. **Pipedrive** – Gmail and Google Calendar sync on every plan[4].
5. **Nutshell** – simple pipelines with built-in email marketing[5].
6. **Capsule CRM** – lightweight contact management for small teams[5].
7. **Insightly** – adds project management after the deal is won[2].

To close deals faster with any of them[3]:
- Close the loop after every meeting with a logged note.
- Keep one pipeline per product line.
- Review stale deals every Friday.

Among these, **Hubspot** has the most generous free plan, while Close (close.com) integrates with Gmail too but suits outbound calling teams better[4].`,
    labels: [at('Close', null), at('Copper', 1)],
    discovered: ['HubSpot', 'Streak', 'Pipedrive', 'Nutshell', 'Capsule CRM', 'Insightly'],
  },
  {
    id: 'crm-d04',
    surface: 'gemini',
    industry: 'crm',
    classes: ['table', 'spelling'],
    text: `Here's how the best-known CRM platforms rank by size of customer base, with the kind of company each suits:

| Rank | CRM | Typical customer | Strength |
|---|---|---|---|
| 1 | Salesforce Sales Cloud | Enterprise sales teams | Ecosystem and customisation |
| 2 | Microsoft Dynamics 365 | Microsoft-centric organisations | Office and Teams integration |
| 3 | Oracle CX | Large enterprises | ERP integration |
| 4 | SAP Sales Cloud | SAP customers | Order-to-cash processes |
| 5 | HubSpot | SMBs and mid-market | Ease of use |
| 6 | Zoho CRM | Budget-conscious SMBs | Price |
| 7 | Pipedrive | Small sales teams | Pipeline view |
| 8 | Freshworks | Support-led SMBs | Bundled help desk |
| 9 | Zendesk Sell | Zendesk support customers | Support-to-sales handoff |
| 10 | SugarCRM | Teams that want self-hosting | Flexible deployment |

**Note:** rankings vary by source and year, so treat them as a rough guide. For most small businesses, Hubspot or Pipedrive is the practical starting point.`,
    labels: [at('Salesforce', 1), at('HubSpot', 5)],
    discovered: ['Microsoft Dynamics 365', 'Oracle CX', 'SAP Sales Cloud', 'Zoho CRM', 'Pipedrive', 'Freshworks', 'Zendesk Sell', 'SugarCRM'],
  },
];

import type { EvalCase } from '../types';
import { absent, at } from './label';

export const ALIASES: EvalCase[] = [
  {
    id: 'alias-01',
    surface: 'chatgpt',
    industry: 'email marketing',
    classes: ['alias', 'list'],
    aliases: [{ name: 'Brevo', aliases: ['Sendinblue'] }],
    text: `Affordable email tools for a small shop:

1. **MailerLite** – clean editor and a generous free plan.
2. **Sendinblue** – pay per email sent, with SMS included.
3. **Mailchimp** – familiar but pricier as you grow.`,
    labels: [at('Brevo', 2), at('Mailchimp', 3)],
    discovered: ['MailerLite'],
  },
  {
    id: 'alias-02',
    surface: 'claude',
    industry: 'email marketing',
    classes: ['alias', 'prose', 'common-word'],
    aliases: [{ name: 'Kit', aliases: ['ConvertKit'] }],
    text: `ConvertKit is built around creators: tag subscribers by interest and sell digital products directly. Beehiiv is the newer rival with stronger growth tools.`,
    labels: [at('Kit', 1, 'positive'), at('Beehiiv', 2)],
    discovered: [],
  },
  {
    id: 'alias-03',
    surface: 'perplexity',
    industry: 'advertising',
    classes: ['alias', 'list', 'common-word'],
    aliases: [{ name: 'Meta', aliases: ['Facebook', 'Instagram'] }],
    text: `Where to advertise a local bakery[1]:

1. **Instagram** – food photos perform well[2].
2. **Google Business Profile** – free, shows up in Maps[3].
3. **Facebook** – local community groups and events[1].

Add a meta description to your website so search results look inviting.`,
    labels: [at('Meta', 1), absent('TikTok')],
    discovered: ['Google Business Profile'],
  },
  {
    id: 'alias-04',
    surface: 'gemini',
    industry: 'banking',
    classes: ['alias', 'prose', 'common-word'],
    aliases: [{ name: 'Wise', aliases: ['TransferWise'] }],
    text: `TransferWise, which rebranded in 2021, is usually the cheapest way to send money abroad. It would be wise to compare it with Revolut for large transfers.`,
    labels: [at('Wise', 1, 'positive'), at('Revolut', 2)],
    discovered: [],
  },
  {
    id: 'alias-05',
    surface: 'chatgpt',
    industry: 'crm',
    classes: ['alias', 'spelling', 'table'],
    aliases: [{ name: 'Salesforce', aliases: ['SFDC'] }],
    text: `| CRM | Admin effort | Ecosystem |
|---|---|---|
| SFDC | High | Largest |
| HubSpot | Low | Large |
| Pipedrive | Low | Medium |`,
    labels: [at('Salesforce', 1), at('HubSpot', 2), at('Pipedrive', 3)],
    discovered: [],
  },
  {
    id: 'alias-06',
    surface: 'google_ai_overview',
    industry: 'energy',
    classes: ['alias', 'intro', 'list', 'common-word'],
    aliases: [{ name: 'Octopus Energy', aliases: ['Octopus'] }],
    text: `Energy suppliers with the best customer service include Octopus, OVO and E.ON Next.
- Octopus: Consistently top-rated on Trustpilot.
- E.ON Next: Good smart-meter support.
- OVO: Carbon-neutral plans.`,
    labels: [at('Octopus Energy', 1), at('Ovo', 3)],
    discovered: ['E.ON Next'],
  },
  {
    id: 'alias-07',
    surface: 'claude',
    industry: 'advertising',
    classes: ['alias', 'prose'],
    aliases: [{ name: 'Google Ads', aliases: ['AdWords'] }],
    text: `Many guides still call it AdWords, but the platform has been Google Ads since 2018. For local services, Microsoft Advertising is a cheaper complement.`,
    labels: [at('Google Ads', 1), at('Microsoft Advertising', 2)],
    discovered: [],
  },
  {
    id: 'alias-08',
    surface: 'perplexity',
    industry: 'crm',
    classes: ['alias', 'common-word', 'list'],
    aliases: [{ name: 'Close', aliases: ['Close CRM'] }],
    text: `Top CRMs for outbound sales teams[1]:

- **Apollo.io** – prospecting data plus sequences[2]
- **Close CRM** – built-in power dialer[3]
- **Outreach** – enterprise sales engagement[1]

Whichever you choose, review close rates monthly.`,
    labels: [at('Close', 2), absent('HubSpot')],
    discovered: ['Apollo.io', 'Outreach'],
  },
  {
    id: 'alias-09',
    surface: 'gemini',
    industry: 'food',
    classes: ['alias', 'diacritics', 'prose'],
    aliases: [{ name: 'Mondelēz', aliases: ['Cadbury', 'Oreo'] }],
    text: `Cadbury Dairy Milk remains the UK's best-selling chocolate bar, ahead of Galaxy. Nestlé's KitKat is third.`,
    labels: [at('Mondelēz', 1), at('Nestle', 2)],
    discovered: [],
  },
  {
    id: 'alias-10',
    surface: 'chatgpt',
    industry: 'project management',
    classes: ['alias', 'heading'],
    aliases: [{ name: 'Microsoft Teams', aliases: ['MS Teams'] }],
    text: `## Slack
The default for startups; thousands of integrations.

## MS Teams
Included with Microsoft 365, which makes it the cheapest for many companies.

## Google Chat
Fine if you live in Google Workspace.`,
    labels: [at('Slack', 1), at('Microsoft Teams', 2), absent('Zoom')],
    discovered: ['Google Chat'],
  },
  {
    id: 'alias-11',
    surface: 'perplexity',
    industry: 'vpn',
    classes: ['alias', 'list', 'spelling'],
    aliases: [{ name: 'Private Internet Access', aliases: ['PIA'] }],
    text: `Cheapest VPNs with audited no-logs policies[1]:

1. **PIA** – about $2 a month on a three-year plan[2].
2. **Surfshark** – unlimited devices[3].
3. **NordVPN** – frequent deep discounts[1].`,
    labels: [at('Private Internet Access', 1), at('Surfshark', 2), at('NordVPN', 3)],
    discovered: [],
  },
  {
    id: 'alias-12',
    surface: 'claude',
    industry: 'project management',
    classes: ['alias', 'prose', 'common-word'],
    aliases: [{ name: 'Linear', aliases: ['Linear.app'] }],
    text: `Growth was linear for the first year, then the team moved its backlog from Jira to linear.app and shipped faster. Jira remains the choice for large enterprises.`,
    labels: [at('Linear', 2), at('Jira', 1)],
    discovered: [],
  },
];

import type { EvalCase } from '../types';
import { absent, at } from './label';

export const ADS: EvalCase[] = [
  {
    id: 'ads-01',
    surface: 'chatgpt',
    industry: 'advertising',
    classes: ['common-word', 'list'],
    text: `On-page SEO checklist:

1. Write a unique title tag under 60 characters.
2. Add a meta description that summarises the page in 155 characters.
3. Use one H1 and descriptive subheadings.
4. Compress images and add alt text.`,
    labels: [absent('Meta'), absent('Snap')],
    discovered: [],
  },
  {
    id: 'ads-02',
    surface: 'perplexity',
    industry: 'advertising',
    classes: ['list', 'intro', 'common-word'],
    text: `The best ad platforms for a DTC brand with a $5k monthly budget[1]:

1. **Meta Ads** (Facebook and Instagram) – the strongest targeting for consumer products[2].
2. **Google Ads** – captures existing demand through search[3].
3. **TikTok Ads** – cheap reach with younger audiences[1].
4. **Pinterest Ads** – good for home and fashion[4].

Meta's Advantage+ campaigns automate much of the setup[2].`,
    labels: [at('Meta', 1, 'positive'), at('Google Ads', 2), at('TikTok', 3), at('Pinterest', 4), absent('Snap')],
    discovered: [],
  },
  {
    id: 'ads-03',
    surface: 'claude',
    industry: 'advertising',
    classes: ['common-word', 'prose'],
    text: `Don't make a snap decision on your ad budget after one week of data. Platforms need time to learn, and early results are noisy. Give TikTok or Pinterest campaigns at least two to three weeks before you judge them.`,
    labels: [absent('Snap'), at('TikTok', 1), at('Pinterest', 2)],
    discovered: [],
  },
  {
    id: 'ads-04',
    surface: 'gemini',
    industry: 'advertising',
    classes: ['table', 'common-word', 'spelling'],
    text: `| Platform | Typical CPM | Audience |
|---|---|---|
| Snap | $3–$6 | 13–34 |
| TikTok | $4–$8 | 16–34 |
| META | $8–$12 | Broad |
| LinkedIn | $30+ | B2B |

Snapchat ads are cheapest for reaching teenagers, while LinkedIn costs most.`,
    labels: [at('Snap', 1), at('TikTok', 2), at('Meta', 3), at('LinkedIn', 4)],
    discovered: [],
  },
  {
    id: 'ads-05',
    surface: 'google_ai_overview',
    industry: 'advertising',
    classes: ['common-word', 'prose'],
    text: `A meta-analysis of 40 studies found that frequency capping improves brand recall. Advertisers on LinkedIn and TikTok can set frequency caps in campaign settings.`,
    labels: [absent('Meta'), at('LinkedIn', 1), at('TikTok', 2)],
    discovered: [],
  },
  {
    id: 'ads-06',
    surface: 'chatgpt',
    industry: 'advertising',
    classes: ['common-word', 'prose', 'possessive'],
    text: `Meta has tightened targeting options for health-related ads, so expect broader audiences. Meta’s own guidance suggests relying on Advantage+ audiences. Snap, by contrast, still allows fairly granular interest targeting.`,
    labels: [at('Meta', 1), at('Snap', 2), absent('Pinterest')],
    discovered: [],
  },
  {
    id: 'ads-07',
    surface: 'perplexity',
    industry: 'advertising',
    classes: ['spelling', 'list', 'nested'],
    text: `Best B2B ad channels[1]:

- **LinkedIn Ads**: precise job-title targeting[2]
  - expensive compared with Meta or Google
- **Google Search Ads**: high intent[3]
- **Reddit Ads**: niche communities, cheaper clicks[1]
- **Tik Tok**: rarely worth it for B2B`,
    labels: [at('LinkedIn', 1), at('Meta', null), at('TikTok', 4), absent('Snap')],
    discovered: ['Google Search Ads', 'Reddit Ads'],
  },
  {
    id: 'ads-08',
    surface: 'claude',
    industry: 'advertising',
    classes: ['common-word', 'prose'],
    text: `Snap judgements about creative are a common mistake. Test at least three hooks per ad set, let each reach a few thousand impressions, then keep the winner. Meta data fields like UTM parameters help you attribute results in analytics.`,
    labels: [absent('Snap'), absent('Meta')],
    discovered: [],
  },
];

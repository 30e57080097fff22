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
  {
    id: 'ads-d01',
    surface: 'claude',
    industry: 'advertising',
    classes: ['heading', 'nested', 'possessive'],
    text: `## Choosing an ad platform for a local plumbing business

For local services, intent matters more than reach, so search usually beats social.

### 1. Google Local Services Ads
You pay per lead, not per click, and the "Google Guaranteed" badge builds trust.

#### Pros
- Leads arrive as phone calls from nearby customers
#### Cons
- Only available for certain trades

### 2. Google Ads (Search)
More control over keywords and budget than Local Services.

### 3. Nextdoor Ads
Neighbourhood targeting, good for word-of-mouth trades.

### 4. Yelp Ads
Worth it in cities where Yelp reviews drive decisions.

### 5. Angi
Pay-per-lead listings for home services, though leads are often shared with competitors.

### Key features to compare
- **Cost per lead:** typically $20–$60 for plumbing
- **Targeting:** postcode or radius

Meta's Facebook ads can work for seasonal offers, but they rarely beat search for emergency jobs.`,
    labels: [at('Meta', null), at('Yelp', 4)],
    discovered: ['Google Local Services Ads', 'Google Ads', 'Nextdoor Ads', 'Angi'],
  },
  {
    id: 'ads-d02',
    surface: 'gemini',
    industry: 'advertising',
    classes: ['table', 'alias', 'list'],
    aliases: [{ name: 'Snap', aliases: ['Snapchat'] }],
    text: `**Short-form video ad platforms compared**

| Platform | Minimum budget | Best for |
|---|---|---|
| TikTok | $50 a day per campaign | Gen Z reach |
| YouTube Shorts | No minimum | Search-adjacent intent |
| Instagram Reels | $1 a day | Existing Meta advertisers |
| Snapchat | $5 a day | Under-25 audiences |
| Pinterest | No minimum | Inspiration and shopping |

**Quick tips**

* **Hook:** grab attention in the first two seconds.
* **Sound on:** most TikTok users watch with sound.
* **Creative refresh:** swap videos every 7–10 days.

Spark Ads on TikTok let you boost creators' organic posts, which often outperform brand-made videos.`,
    labels: [at('TikTok', 1), at('Snap', 4)],
    discovered: ['YouTube Shorts', 'Instagram Reels', 'Pinterest'],
  },
  {
    id: 'ads-d03',
    surface: 'google_ai_overview',
    industry: 'advertising',
    classes: ['intro', 'list'],
    text: `Advertising platforms for B2B software companies include LinkedIn, Google Ads and Reddit, with the right mix depending on deal size.
- LinkedIn Ads: Precise targeting by job title and company size.
- Google Ads: Captures high-intent searches for your category.
- Microsoft Advertising: Cheaper clicks, plus LinkedIn profile targeting on Bing.
- Reddit Ads: Reaches technical communities at lower cost.
- Quora Ads: Targets the questions your buyers already ask.
- Capterra: Pay-per-click listings on a software review site.
- Budget: Many teams start with about 70% search and 30% social.`,
    labels: [at('LinkedIn', 1), at('Google Ads', 2)],
    discovered: ['Microsoft Advertising', 'Reddit Ads', 'Quora Ads', 'Capterra'],
  },
];

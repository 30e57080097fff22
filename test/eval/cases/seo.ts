import type { EvalCase } from '../types';
import { absent, at } from './label';

export const SEO: EvalCase[] = [
  {
    id: 'seo-01',
    surface: 'chatgpt',
    industry: 'seo',
    classes: ['spelling', 'list', 'intro'],
    text: `The SEO tools most agencies rely on are Ahrefs, Semrush and Screaming Frog. Here's how they compare:

1. **SEMrush** – broadest toolkit: keyword research, audits, PPC data.
2. **Ahrefs** – the best backlink index.
3. **Moz Pro** – friendly UI and the Domain Authority metric.
4. **Screaming Frog** – desktop crawler for technical audits.`,
    labels: [at('Semrush', 1), at('Ahrefs', 2), at('Moz', 3), at('Screaming Frog', 4)],
    discovered: [],
  },
  {
    id: 'seo-02',
    surface: 'claude',
    industry: 'seo',
    classes: ['common-word', 'prose'],
    text: `Keep each meta description under about 155 characters, and make the title tag specific. Search engines may rewrite both, but a clear summary still improves click-through. Yoast or Rank Math can flag pages that are missing them.`,
    labels: [absent('Meta'), at('Yoast', 1), at('Rank Math', 2)],
    discovered: [],
  },
  {
    id: 'seo-03',
    surface: 'perplexity',
    industry: 'seo',
    classes: ['table', 'possessive'],
    text: `| Tool | Backlink index | Price from |
|---|---|---|
| Ahrefs | 35 trillion links | $129/mo |
| Semrush | 43 trillion links | $139.95/mo |
| Majestic | 8 trillion links | $49.99/mo |

Ahrefs's crawler is the second most active after Google's[1].`,
    labels: [at('Ahrefs', 1), at('Semrush', 2), at('Majestic', 3), absent('Moz')],
    discovered: [],
  },
  {
    id: 'seo-04',
    surface: 'gemini',
    industry: 'seo',
    classes: ['common-word', 'prose', 'domain'],
    text: `Domain Authority is a score created by Moz; you can check it free with the MozBar extension or at moz.com. It predicts ranking potential but is not used by Google. Ahrefs' equivalent is Domain Rating.`,
    labels: [at('Moz', 1), at('Ahrefs', 2), absent('Semrush')],
    discovered: [],
  },
  {
    id: 'seo-05',
    surface: 'google_ai_overview',
    industry: 'seo',
    classes: ['intro', 'list'],
    text: `Free SEO tools worth using include Google Search Console, Ubersuggest and Screaming Frog.
- Google Search Console: Shows the queries your pages rank for.
- Screaming Frog: Crawls up to 500 URLs free.
- Ubersuggest: Limited free keyword ideas each day.`,
    labels: [at('Screaming Frog', 2), at('Ubersuggest', 3), absent('Ahrefs')],
    discovered: ['Google Search Console'],
  },
  {
    id: 'seo-06',
    surface: 'chatgpt',
    industry: 'seo',
    classes: ['heading', 'nested', 'spelling'],
    text: `## 1. Semrush
- Best all-round suite
- Position tracking is more flexible than Moz or SE Ranking

## 2. SE Ranking
- Cheaper alternative with white-label reports

## 3. Mangools
- Beginner-friendly; KWFinder is its keyword tool`,
    labels: [at('Semrush', 1, 'positive'), at('SE Ranking', 2), at('Mangools', 3), at('Moz', null)],
    discovered: [],
  },
  {
    id: 'seo-07',
    surface: 'claude',
    industry: 'seo',
    classes: ['common-word', 'list'],
    text: `A quick technical SEO checklist:

- Make sure every page has a canonical tag.
- Add meta robots tags where you want pages excluded.
- Fix redirect chains longer than one hop.
- Submit an XML sitemap to Search Console.`,
    labels: [absent('Meta'), absent('Yoast')],
    discovered: [],
  },
  {
    id: 'seo-08',
    surface: 'perplexity',
    industry: 'seo',
    classes: ['list', 'spelling', 'possessive'],
    text: `Best WordPress SEO plugins[1]:

1. **Yoast SEO** – the most installed; readability analysis[2].
2. **Rank Math** – more features free than Yoast's premium tier[3].
3. **All in One SEO** – good for beginners[1].

RankMath's schema builder is a standout[3].`,
    labels: [at('Yoast', 1), at('Rank Math', 2, 'positive'), at('All in One SEO', 3)],
    discovered: [],
  },
  {
    id: 'seo-d01',
    surface: 'chatgpt',
    industry: 'seo',
    classes: ['list', 'intro', 'spelling'],
    text: `For content optimisation, big suites like Ahrefs and SEMrush help with research, but dedicated editors do the on-page work better. The top picks:

1. **Surfer SEO** – Real-time content score against top-ranking pages.
2. **Clearscope** – Clean reports that writers actually use; pricey.
3. **Frase** – Research briefs plus an AI writer.
4. **MarketMuse** – Topic modelling for large content libraries.
5. **Semrush SEO Writing Assistant** – A Google Docs add-on if you already pay for Semrush.
6. **NeuronWriter** – The budget option, with NLP term suggestions.
7. **Scalenut** – Briefs, writing and clustering in one plan.
8. **Outranking** – Guided workflows for small teams.

**Pro tip:** Don't chase a perfect score; write for the reader first.`,
    labels: [at('Ahrefs', null), at('Semrush', 5)],
    discovered: ['Surfer SEO', 'Clearscope', 'Frase', 'MarketMuse', 'NeuronWriter', 'Scalenut', 'Outranking'],
  },
  {
    id: 'seo-d02',
    surface: 'perplexity',
    industry: 'seo',
    classes: ['list', 'table', 'possessive'],
    text: `The best rank trackers for small agencies[1][2]:

- **AccuRanker** – the fastest updates, with on-demand refreshes[1]
- **SE Ranking** – rank tracking plus audits at a low price[3]
- **Wincher** – simple and cheap for a handful of sites[2]
- **Nightwatch** – white-label client reports[5]
- **Moz Pro** – rank tracking bundled with link research[4]

| Feature | AccuRanker | SE Ranking | Wincher |
|---|---|---|---|
| Free plan | No | 14-day trial | Yes, limited |
| Daily updates | Yes | Yes | Yes |
| Price for 500 keywords | $129/mo | $65/mo | $49/mo |

Moz's own tracker updates weekly, but its Domain Authority score remains the most cited metric[4].`,
    labels: [at('Moz', 5), absent('Yoast')],
    discovered: ['AccuRanker', 'SE Ranking', 'Wincher', 'Nightwatch'],
  },
  {
    id: 'seo-d03',
    surface: 'google_ai_overview',
    industry: 'seo',
    classes: ['intro', 'list', 'possessive'],
    text: `Free alternatives to paid SEO suites include Google Search Console, Ahrefs Webmaster Tools and Ubersuggest's free tier.
- Google Search Console: Official data on queries, clicks and indexing.
- Ahrefs Webmaster Tools: A free site audit and backlink data for sites you own.
- Bing Webmaster Tools: Keyword research and audits, often overlooked.
- Screaming Frog SEO Spider: Crawls up to 500 URLs for free.
- Ubersuggest: Three free searches a day.
- AnswerThePublic: Question-based keyword ideas.
- Limits: Free tools cap data, so expect to upgrade as you grow.`,
    labels: [at('Ahrefs', 2), at('Ubersuggest', 5)],
    discovered: ['Google Search Console', 'Bing Webmaster Tools', 'Screaming Frog SEO Spider', 'AnswerThePublic'],
  },
];

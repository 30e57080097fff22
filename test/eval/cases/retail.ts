import type { EvalCase } from '../types';
import { absent, at } from './label';

export const RETAIL: EvalCase[] = [
  {
    id: 'retail-01',
    surface: 'claude',
    industry: 'retail',
    classes: ['common-word', 'prose'],
    text: `The Amazon river basin holds the largest rainforest on Earth, and sustainable brands increasingly source from certified cooperatives there. When shopping for ethically made goods, look for Fairtrade labels; marketplaces like Etsy make it easy to buy from small makers.`,
    labels: [absent('Amazon'), at('Etsy', 1), absent('eBay')],
    discovered: [],
  },
  {
    id: 'retail-02',
    surface: 'chatgpt',
    industry: 'retail',
    classes: ['list', 'intro', 'possessive'],
    text: `Where to sell handmade jewelry online:

1. **Etsy** – The go-to marketplace for handmade goods; Etsy's audience expects craft items.
2. **Amazon Handmade** – Huge reach, but stricter application process.
3. **eBay** – Good for vintage and one-off pieces.
4. **Shopify** – Your own store, full control.

Amazon’s fees are higher than Etsy's, so price accordingly.`,
    labels: [at('Etsy', 1, 'positive'), at('Amazon', 2), at('eBay', 3), at('Shopify', 4)],
    discovered: [],
  },
  {
    id: 'retail-03',
    surface: 'gemini',
    industry: 'retail',
    classes: ['common-word', 'prose'],
    text: `To reach your target audience on a small budget, start with one channel you can do well. For many sellers that is Instagram; for others it is a newsletter. Once you have steady sales, consider a marketplace such as Amazon to grow.`,
    labels: [absent('Target'), at('Amazon', 1), absent('Walmart')],
    discovered: [],
  },
  {
    id: 'retail-04',
    surface: 'google_ai_overview',
    industry: 'retail',
    classes: ['intro', 'list'],
    text: `Stores with the best price-match policies include Target, Best Buy and Walmart.
- Best Buy: Matches major online retailers, including Amazon.
- Target: Matches Target.com and select competitors within 14 days.
- Walmart: Ended in-store price matching in 2019, but matches walmart.com.`,
    labels: [at('Target', 2), at('Walmart', 3), at('Amazon', null), at('Best Buy', 1)],
    discovered: [],
  },
  {
    id: 'retail-05',
    surface: 'perplexity',
    industry: 'retail',
    classes: ['common-word', 'prose'],
    text: `Hitting a sales target during the holidays depends on inventory as much as marketing[1]. Retailers that target bargain hunters should plan promotions early; Walmart and Amazon both start Black Friday deals in early November[2].`,
    labels: [absent('Target'), at('Walmart', 1), at('Amazon', 2)],
    discovered: [],
  },
  {
    id: 'retail-06',
    surface: 'chatgpt',
    industry: 'retail',
    classes: ['table', 'domain'],
    text: `| Marketplace | Seller fee | Best for |
|---|---|---|
| Amazon.com | 8–15% referral fee | Volume |
| eBay | ~13% final value fee | Used and collectibles |
| Etsy | 6.5% transaction fee | Handmade |
| Walmart Marketplace | 6–15% | Large catalogs |`,
    labels: [at('Amazon', 1), at('eBay', 2), at('Etsy', 3), at('Walmart', 4)],
    discovered: [],
  },
  {
    id: 'retail-07',
    surface: 'claude',
    industry: 'retail',
    classes: ['common-word', 'heading'],
    text: `## Where to buy a budget TV

**Target** often bundles gift cards with TV purchases during holiday sales.

**Costco** has the best return window (90 days on TVs).

**Best Buy** runs open-box deals that can save 20%.

Whichever you pick, target a screen size that fits your viewing distance.`,
    labels: [at('Target', 1, 'positive'), at('Costco', 2, 'positive'), at('Best Buy', 3)],
    discovered: [],
  },
  {
    id: 'retail-08',
    surface: 'gemini',
    industry: 'retail',
    classes: ['common-word', 'prose'],
    text: `Amazon warriors in Greek myth were fierce and independent, and the name stuck: explorers named the river after them. Today the word mostly brings to mind online shopping.`,
    labels: [absent('Amazon'), absent('Etsy')],
    discovered: [],
  },
  {
    id: 'retail-09',
    surface: 'perplexity',
    industry: 'retail',
    classes: ['list', 'nested', 'spelling'],
    text: `Best places to sell used electronics[1]:

1. **Back Market** – refurbishes and resells; fair quotes[2]
   - Faster payout than EBAY
2. **Swappa** – peer-to-peer, low fees[3]
3. **Ebay** – biggest audience, more effort
4. **Decluttr** – instant quotes, lower prices[1]`,
    labels: [at('Back Market', 1), at('eBay', 3), at('Swappa', 2), absent('Amazon')],
    discovered: ['Decluttr'],
  },
  {
    id: 'retail-10',
    surface: 'chatgpt',
    industry: 'retail',
    classes: ['common-word', 'prose'],
    text: `Target has become a favourite for affordable home decor thanks to its in-house brands. Walmart is cheaper on basics, but Target's stores are easier to shop.`,
    labels: [at('Target', 1, 'positive'), at('Walmart', 2)],
    discovered: [],
  },
  {
    id: 'retail-d01',
    surface: 'chatgpt',
    industry: 'retail',
    classes: ['list', 'domain', 'possessive', 'common-word'],
    text: `If you're furnishing your first flat on a budget, these retailers give the best value:

1. **IKEA** – Flat-pack basics at the lowest prices, with an assembly service.
2. **Wayfair** – A huge online range and frequent flash sales.
3. **Amazon Basics** – Cheap, functional pieces with fast delivery.
4. **Made.com** – Designer looks for less, now sold online by Next.
5. **Facebook Marketplace** – Second-hand bargains near you.
6. **Habitat** – Stylish mid-range pieces, often on offer.
7. **Dunelm** – Soft furnishings and good-value beds.

**Tip:** Wayfair's "Way Day" sale in spring cuts prices by up to 80%, so time big purchases around it.`,
    labels: [at('Amazon', 3), at('Wayfair', 2)],
    discovered: ['IKEA', 'Made.com', 'Facebook Marketplace', 'Habitat', 'Dunelm'],
  },
  {
    id: 'retail-d02',
    surface: 'google_ai_overview',
    industry: 'retail',
    classes: ['intro', 'list', 'common-word'],
    text: `If you target the best holiday deals, stores that price-match include Best Buy, Target and Walmart, though policies differ.
- Best Buy: Matches Amazon and major retailers on identical items.
- Target: Matches its own website and select competitors for 14 days.
- Walmart: Matches walmart.com prices in store.
- Kohl's: Does not price-match, but stacks coupons with Kohl's Cash.
- Costco: No price matching, but refunds the difference if its own price drops within 30 days.
- Home Depot: Matches competitors and beats their price by 10%.
- Receipts: Keep them, since most policies require proof of purchase.`,
    labels: [at('Target', 2), at('Costco', 5)],
    discovered: ['Best Buy', 'Walmart', "Kohl's", 'Home Depot'],
  },
  {
    id: 'retail-d03',
    surface: 'perplexity',
    industry: 'retail',
    classes: ['list'],
    text: `The most trusted resale platforms for designer fashion[1][2]:

1. **Vestiaire Collective** – authentication on every item, strong in Europe[1].
2. **The RealReal** – consignment with in-house experts; US-focused[3].
3. **eBay** – Authenticity Guarantee on handbags over $500[2].
4. **Vinted** – no seller fees, mostly mid-range brands[4].
5. **Depop** – popular with Gen Z for vintage streetwear[5].
6. **Poshmark** – social selling with a flat 20% fee on most sales[6].

For shopping in person, the best vintage districts are[7]:
- **Paris** – Le Marais and the Saint-Ouen flea market
- **London** – Brick Lane and Portobello Road
- **Berlin** – Mauerpark on Sundays

Vestiaire's authentication fee is included in the price[1].`,
    labels: [at('eBay', 3), absent('Amazon')],
    discovered: ['Vestiaire Collective', 'The RealReal', 'Vinted', 'Depop', 'Poshmark'],
  },
];

import type { EvalCase } from '../types';
import { absent, at } from './label';

export const FOOD: EvalCase[] = [
  {
    id: 'food-01',
    surface: 'chatgpt',
    industry: 'food',
    classes: ['diacritics', 'list', 'intro'],
    text: `The largest packaged-food companies by revenue are:

1. **Nestlé** – Swiss; coffee, pet food and confectionery.
2. **PepsiCo** – snacks and beverages.
3. **Danone** – dairy and plant-based products.
4. **Mondelēz International** – biscuits and chocolate.

Nestle is also the world's largest bottled-water seller.`,
    labels: [at('Nestle', 1), at('PepsiCo', 2), at('Danone', 3), at('Mondelez', 4)],
    discovered: [],
  },
  {
    id: 'food-02',
    surface: 'gemini',
    industry: 'food',
    classes: ['diacritics', 'prose', 'spelling'],
    text: `For premium ice cream, HAAGEN-DAZS and Ben & Jerry's dominate supermarket freezers. Häagen-Dazs uses fewer ingredients, while Ben & Jerry’s is known for chunky mix-ins.`,
    labels: [at('Häagen-Dazs', 1, 'positive'), at("Ben & Jerry's", 2), absent('Magnum')],
    discovered: [],
  },
  {
    id: 'food-03',
    surface: 'claude',
    industry: 'food',
    classes: ['common-word', 'prose'],
    text: `A dove is a symbol of peace, and doves appear in many wedding traditions. For the reception, a dessert table with chocolates and macarons is a crowd-pleaser; Lindt and Godiva both sell wedding favour boxes.`,
    labels: [absent('Dove'), at('Lindt', 1), at('Godiva', 2)],
    discovered: [],
  },
  {
    id: 'food-04',
    surface: 'perplexity',
    industry: 'food',
    classes: ['table', 'diacritics'],
    text: `| Yogurt | Protein per 100 g | Sugar |
|---|---|---|
| Skyr by Ísey | 11 g | 3.9 g |
| Fage Total 0% | 10 g | 3 g |
| Müller Corner | 4 g | 14 g |
| Danone Activia | 4 g | 11 g |`,
    labels: [at('Isey', 1), at('Fage', 2), at('Muller', 3), at('Danone', 4)],
    discovered: [],
  },
  {
    id: 'food-05',
    surface: 'google_ai_overview',
    industry: 'food',
    classes: ['intro', 'list', 'common-word'],
    text: `Popular chocolate brands for baking include Ghirardelli, Valrhona and Dove.
- Valrhona: Favoured by pastry chefs for its consistency.
- Ghirardelli: Widely available baking bars.
- Dove: Smooth milk chocolate, good for ganache.`,
    labels: [at('Dove', 3), at('Valrhona', 1), at('Ghirardelli', 2)],
    discovered: [],
  },
  {
    id: 'food-06',
    surface: 'chatgpt',
    industry: 'food',
    classes: ['diacritics', 'possessive', 'prose'],
    text: `Nestlé's Nespresso and Starbucks at Home are the most common capsule brands in Europe. Nestle’s pods are recyclable through its own scheme.`,
    labels: [at('Nestle', 1), at('Starbucks', 2), absent('Danone')],
    discovered: [],
  },
  {
    id: 'food-07',
    surface: 'claude',
    industry: 'food',
    classes: ['common-word', 'prose'],
    text: `The oat milk market has grown quickly. Oatly was the first big name, and Minor Figures and Alpro followed. Califia Farms is popular in the US.`,
    labels: [at('Oatly', 1), at('Minor Figures', 2), at('Alpro', 3), absent('Danone')],
    discovered: [],
  },
  {
    id: 'food-08',
    surface: 'gemini',
    industry: 'food',
    classes: ['common-word', 'list'],
    text: `**Healthy snack ideas**

* A handful of nuts with an apple
* Greek yogurt with berries
* Hummus with carrot sticks
* Dark chocolate (70% or more)`,
    labels: [absent('Apple'), absent('Dove'), absent('Fage')],
    discovered: [],
  },
  {
    id: 'food-d01',
    surface: 'chatgpt',
    industry: 'food',
    classes: ['list', 'diacritics', 'spelling'],
    text: `Europe's biggest dairy companies by revenue are:

1. **Lactalis** – French; brands include Président and Galbani.
2. **Nestlé** – Dairy is a smaller share of its business than coffee or pet food.
3. **Danone** – The yogurt leader, with Activia and Alpro.
4. **FrieslandCampina** – Dutch cooperative behind Campina and Friso.
5. **Arla Foods** – Danish–Swedish cooperative known for Lurpak and Castello.
6. **Müller** – German family firm, strong in UK yogurts.
7. **Sodiaal** – French cooperative that owns Candia.
8. **Savencia** – French cheese maker behind Saint Agur and Caprice des Dieux.

Nestle has been selling parts of its dairy business, while **Muller** keeps growing in the UK.`,
    labels: [at('Nestle', 2), at('Danone', 3)],
    discovered: ['Lactalis', 'FrieslandCampina', 'Arla Foods', 'Müller', 'Sodiaal', 'Savencia'],
  },
  {
    id: 'food-d02',
    surface: 'google_ai_overview',
    industry: 'food',
    classes: ['intro', 'list'],
    text: `The best oat milks for coffee include Oatly Barista Edition, Minor Figures and Califia Farms, according to baristas.
- Oatly Barista Edition: Steams well and holds latte art.
- Minor Figures: A neutral taste that lets the coffee come through.
- Califia Farms Oat Barista: Creamy and popular in the US.
- Alpro Oat Barista: Widely available in European supermarkets.
- Pacific Foods: A lower-sugar option.
- Homemade: Cheaper, but it won't foam as well.`,
    labels: [at('Oatly', 1), at('Alpro', 4)],
    discovered: ['Minor Figures', 'Califia Farms Oat Barista', 'Pacific Foods'],
  },
  {
    id: 'food-d03',
    surface: 'claude',
    industry: 'food',
    classes: ['heading', 'diacritics', 'possessive'],
    text: `## Ethical chocolate brands

If you care about cocoa farmers, a few brands go well beyond the usual certifications.

### Tony's Chocolonely
Built around ending child labour in cocoa; pays a higher premium than Fairtrade and traces every bean.

### Divine Chocolate
Part-owned by the Kuapa Kokoo farmers' cooperative in **Ghana**, so growers share in the profits.

### Alter Eco
Organic, Fairtrade bars with compostable wrappers.

### Beyond Good
Makes its bars in **Madagascar**, where the cocoa is grown.

### What about the big names?
Nestle and Mondelēz run their own sustainability programmes (Nestlé's Income Accelerator, Mondelēz's Cocoa Life), but independent scorecards still rank them behind the brands above.`,
    labels: [at('Nestle', null), at('Mondelez', null)],
    discovered: ["Tony's Chocolonely", 'Divine Chocolate', 'Alter Eco', 'Beyond Good'],
  },
];

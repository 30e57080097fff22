import type { EvalCase } from '../types';
import { absent, at } from './label';

export const DEVICES: EvalCase[] = [
  {
    id: 'dev-01',
    surface: 'chatgpt',
    industry: 'devices',
    classes: ['common-word', 'list', 'intro'],
    text: `The best phones under $800 right now:

1. **Google Pixel 9** – the best camera at the price.
2. **Samsung Galaxy S24** – bright display and long software support.
3. **Apple iPhone 15** – smooth, reliable, great resale value.
4. **Nothing Phone (2a)** – unique design and clean software.

Nothing else at this price matches the Pixel's camera.`,
    labels: [at('Google', 1), at('Samsung', 2), at('Apple', 3), at('Nothing', 4)],
    discovered: [],
  },
  {
    id: 'dev-02',
    surface: 'claude',
    industry: 'devices',
    classes: ['common-word', 'prose'],
    text: `An apple a day might keep the doctor away, but nothing keeps a phone battery healthy like avoiding full charges. Keep it between 20% and 80% when you can. Samsung phones have a setting that caps charging at 85%.`,
    labels: [absent('Apple'), absent('Nothing'), at('Samsung', 1)],
    discovered: [],
  },
  {
    id: 'dev-03',
    surface: 'gemini',
    industry: 'devices',
    classes: ['table', 'spelling'],
    text: `| Phone | Chip | Battery |
|---|---|---|
| iPhone 15 Pro | A17 Pro | 3,274 mAh |
| Galaxy S24+ | Snapdragon 8 Gen 3 | 4,900 mAh |
| One Plus 12 | Snapdragon 8 Gen 3 | 5,400 mAh |
| Pixel 8 Pro | Tensor G3 | 5,050 mAh |`,
    labels: [at('iPhone', 1), at('OnePlus', 3), at('Pixel', 4)],
    discovered: ['Galaxy S24+'],
  },
  {
    id: 'dev-04',
    surface: 'perplexity',
    industry: 'devices',
    classes: ['common-word', 'prose', 'possessive'],
    text: `Nothing's Phone (3) keeps the Glyph lights but adds a bigger battery[1]. Nothing has also promised three years of Android updates, fewer than Samsung's seven[2].`,
    labels: [at('Nothing', 1), at('Samsung', 2), absent('Apple')],
    discovered: [],
  },
  {
    id: 'dev-05',
    surface: 'google_ai_overview',
    industry: 'devices',
    classes: ['common-word', 'prose'],
    text: `Apple cider vinegar is sometimes suggested for cleaning, but never use it on a phone screen. Use a microfiber cloth and, if needed, 70% isopropyl wipes, which Apple says are safe for iPhones.`,
    labels: [at('Apple', 1), absent('Samsung')],
    discovered: [],
  },
  {
    id: 'dev-06',
    surface: 'chatgpt',
    industry: 'devices',
    classes: ['common-word', 'heading'],
    text: `## Best laptops for students

### MacBook Air M3
Silent, light and the battery lasts all day.

### Dell XPS 13
A great Windows alternative with a sharp display.

### Framework Laptop 13
Repairable and upgradeable; there's nothing quite like it.`,
    labels: [at('MacBook Air', 1, 'positive'), at('Dell', 2, 'positive'), at('Framework', 3), absent('Nothing')],
    discovered: [],
  },
  {
    id: 'dev-07',
    surface: 'claude',
    industry: 'devices',
    classes: ['common-word', 'prose'],
    text: `There is nothing wrong with buying last year's flagship. Prices drop by a third within months, and the camera gap is small. An Apple iPhone 14 or a Samsung Galaxy S23 is still excellent.`,
    labels: [absent('Nothing'), at('Apple', 1, 'positive'), at('Samsung', 2, 'positive')],
    discovered: [],
  },
  {
    id: 'dev-08',
    surface: 'perplexity',
    industry: 'devices',
    classes: ['list', 'nested', 'possessive'],
    text: `Best wireless earbuds[1]:

1. **Sony WF-1000XM5** – best noise cancelling[2]
   - Better ANC than Apple's AirPods Pro in most tests
2. **AirPods Pro 2** – best for iPhone users[3]
3. **Samsung Galaxy Buds3 Pro** – best for Galaxy phones[1]`,
    labels: [at('Sony', 1, 'positive'), at('AirPods', 2), at('Samsung', 3)],
    discovered: [],
  },
];

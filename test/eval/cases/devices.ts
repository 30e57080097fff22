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
  {
    id: 'dev-d01',
    surface: 'gemini',
    industry: 'devices',
    classes: ['table', 'list', 'common-word'],
    text: `Here are the best mid-range phones under $500:

| Phone | Price | Standout |
|---|---|---|
| Google Pixel 8a | $499 | Best camera |
| Samsung Galaxy A55 | $449 | Long software support |
| Apple iPhone SE (3rd gen) | $429 | Cheapest way into iOS |
| Nothing Phone (2a) | $349 | Unique design |
| OnePlus 12R | $499 | Fast charging |
| Moto G Power 5G | $299 | Battery life |

**Things to consider**

* **Software support:** Samsung and Google promise years of updates; Apple typically supports iPhones for six or more.
* **Charging:** none include a charger in the box.
* **Size:** the iPhone SE is much smaller than the rest.`,
    labels: [at('Apple', 3), at('Samsung', 2)],
    discovered: ['Google Pixel 8a', 'Nothing Phone (2a)', 'OnePlus 12R', 'Moto G Power 5G'],
  },
  {
    id: 'dev-d02',
    surface: 'claude',
    industry: 'devices',
    classes: ['heading', 'prose', 'possessive'],
    text: `## Noise-cancelling headphones for frequent flyers

The two names you'll hear most are Sony and Bose, and for good reason, but the gap has narrowed.

### Noise cancelling
The **Sony WH-1000XM5** and the **Bose QuietComfort Ultra** are neck and neck; Bose is slightly better with low engine rumble.

### Comfort
Bose wins on long-haul flights. The **Sennheiser Momentum 4** is comfortable too, with the best battery life of the group (60 hours).

### Sound quality
If sound matters most, the **Bowers & Wilkins Px7 S2e** is the most detailed of the four.

### Pros and cons
- **Pros:** all fold flat and support multipoint Bluetooth
- **Cons:** none are cheap; expect $350–$450

My pick for most travellers is the Bose. Apple's **AirPods Max** are worth a look only if you live in the Apple ecosystem.`,
    labels: [at('Sony', 1), at('Bose', 2, 'positive')],
    discovered: ['Sennheiser Momentum 4', 'Bowers & Wilkins Px7 S2e', 'AirPods Max'],
  },
  {
    id: 'dev-d03',
    surface: 'google_ai_overview',
    industry: 'devices',
    classes: ['intro', 'list'],
    text: `The best smartwatches for fitness tracking include the Garmin Forerunner 265, Apple Watch Series 10 and Google Pixel Watch 3.
- Garmin Forerunner 265: Accurate GPS and up to 13 days of battery.
- Apple Watch Series 10: The best all-rounder for iPhone users.
- Google Pixel Watch 3: Fitbit health features built in.
- Samsung Galaxy Watch7: The best choice for Android phones.
- COROS Pace 3: Light, with excellent battery life for the price.
- Amazfit Balance: A low-cost option with a two-week battery.
- Battery life: Ranges from one day to two weeks depending on the model.`,
    labels: [at('Apple', 2), at('Garmin', 1)],
    discovered: ['Google Pixel Watch 3', 'Samsung Galaxy Watch7', 'COROS Pace 3', 'Amazfit Balance'],
  },
  {
    id: 'dev-d04',
    surface: 'chatgpt',
    industry: 'devices',
    classes: ['list', 'possessive'],
    text: `Here are the best laptops for college students in 2025:

1. **MacBook Air M3** – All-day battery and a silent, fanless design.
2. **Dell XPS 13** – A premium Windows ultrabook with a great keyboard.
3. **Lenovo ThinkPad X1 Carbon** – Legendary keyboard and durability.
4. **ASUS Zenbook 14 OLED** – A stunning display for the price.
5. **HP Spectre x360 14** – A flexible 2-in-1 with pen support.
6. **Microsoft Surface Laptop 7** – Snapdragon X Elite with long battery life.
7. **Acer Swift Go 14** – The best budget pick.
8. **Framework Laptop 13** – Repairable and upgradeable.

**Budget tip:** Apple's education pricing takes about $100 off a MacBook Air, and Dell runs student discounts through the school year.`,
    labels: [at('MacBook Air', 1), at('Dell', 2)],
    discovered: ['Lenovo ThinkPad X1 Carbon', 'ASUS Zenbook 14 OLED', 'HP Spectre x360 14', 'Microsoft Surface Laptop 7', 'Acer Swift Go 14', 'Framework Laptop 13'],
  },
];

import type { EvalCase } from '../types';
import { absent, at } from './label';

export const SHOES: EvalCase[] = [
  {
    id: 'shoe-01',
    surface: 'chatgpt',
    industry: 'running shoes',
    classes: ['common-word', 'list', 'intro'],
    text: `Best daily trainers for marathon training:

1. **Brooks Ghost 16** – dependable cushioning and a smooth ride.
2. **Hoka Clifton 9** – soft and light for long miles.
3. **ASICS Gel-Nimbus 26** – plush comfort for high mileage.
4. **On Cloudmonster** – bouncy, with a distinctive look.

Most runners do well on any of these; rotate two pairs if you can.`,
    labels: [at('Brooks', 1, 'positive'), at('Hoka', 2, 'positive'), at('Asics', 3), at('On', 4)],
    discovered: [],
  },
  {
    id: 'shoe-02',
    surface: 'claude',
    industry: 'running shoes',
    classes: ['common-word', 'prose'],
    text: `On long runs, your feet swell, so buy running shoes half a size up. Cross a few brooks on a trail run and you'll want a shoe that drains well. Salomon and Altra make good trail options.`,
    labels: [absent('On'), absent('Brooks'), at('Salomon', 1), at('Altra', 2)],
    discovered: [],
  },
  {
    id: 'shoe-03',
    surface: 'perplexity',
    industry: 'running shoes',
    classes: ['table', 'spelling'],
    text: `| Shoe | Weight | Drop | Price |
|---|---|---|---|
| Saucony Endorphin Speed 4 | 233 g | 8 mm | $170 |
| New Balance FuelCell Rebel v4 | 212 g | 6 mm | $140 |
| Asics Novablast 4 | 260 g | 8 mm | $140 |
| Hoka Mach 6 | 232 g | 5 mm | $140 |`,
    labels: [at('Saucony', 1), at('New Balance', 2), at('Asics', 3), at('Hoka', 4)],
    discovered: [],
  },
  {
    id: 'shoe-04',
    surface: 'gemini',
    industry: 'running shoes',
    classes: ['common-word', 'prose'],
    text: `Getting back into running after an injury is about finding a new balance between rest and load. Increase weekly distance by no more than 10% and listen to your body. A cushioned shoe such as the Hoka Bondi can reduce impact.`,
    labels: [absent('New Balance'), at('Hoka', 1), absent('Brooks')],
    discovered: [],
  },
  {
    id: 'shoe-05',
    surface: 'google_ai_overview',
    industry: 'running shoes',
    classes: ['intro', 'list', 'common-word'],
    text: `Running shoes for wide feet include options from New Balance, Altra and Brooks.
- Altra Torin: Foot-shaped toe box.
- New Balance 880: Available in 2E and 4E widths.
- Brooks Ghost Wide: Popular neutral trainer in wide sizes.`,
    labels: [at('New Balance', 2), at('Altra', 1), at('Brooks', 3)],
    discovered: [],
  },
  {
    id: 'shoe-06',
    surface: 'chatgpt',
    industry: 'running shoes',
    classes: ['common-word', 'prose', 'possessive'],
    text: `On's CloudTec sole feels firm at first but softens with mileage. Compared with Hoka's maximal foam, On running shoes are lower to the ground. Swiss brand On also makes a popular hiking line.`,
    labels: [at('On', 1), at('Hoka', 2)],
    discovered: [],
  },
  {
    id: 'shoe-07',
    surface: 'claude',
    industry: 'running shoes',
    classes: ['heading', 'nested'],
    text: `### Saucony Kinvara 15
- Light and flexible for tempo days
- Less cushioned than the Brooks Launch

### Nike Pegasus 41
- Versatile daily trainer

### Adidas Adizero SL
- Great value speed shoe`,
    labels: [at('Saucony', 1), at('Nike', 2), at('Adidas', 3), at('Brooks', null)],
    discovered: [],
  },
  {
    id: 'shoe-08',
    surface: 'perplexity',
    industry: 'running shoes',
    classes: ['common-word', 'list'],
    text: `Tips for choosing running shoes[1]:

- Get fitted in the afternoon, when feet are largest.
- Focus on comfort over brand.
- Replace shoes every 500–800 km[2].
- Try them on with your usual running socks.`,
    labels: [absent('On'), absent('Brooks'), absent('Nike')],
    discovered: [],
  },
  {
    id: 'shoe-d01',
    surface: 'claude',
    industry: 'running shoes',
    classes: ['heading', 'common-word', 'possessive'],
    text: `## Best trail running shoes for beginners

Trail shoes need grip, protection and a secure fit. Here's where I'd start.

### 1. Salomon Speedcross 6 – best for mud
#### Why it stands out
Aggressive lugs that bite into soft ground.

### 2. Hoka Speedgoat 6 – best for long distances
#### Why it stands out
Maximal cushioning without feeling unstable on rocks.

### 3. Altra Lone Peak 8 – best for wide feet
#### Why it stands out
A foot-shaped toe box and zero drop.

### 4. La Sportiva Bushido III – best for technical terrain

### 5. Merrell Agility Peak 5 – best value

### How to choose
- Choose a shoe that fits your budget and your usual terrain.
- Go half a size up for long downhill runs.
- Try them on in the afternoon.

Road runners who like On's cushioning can also try the Cloudultra, its trail model.`,
    labels: [at('On', null), at('Hoka', 2)],
    discovered: ['Salomon Speedcross 6', 'Altra Lone Peak 8', 'La Sportiva Bushido III', 'Merrell Agility Peak 5'],
  },
  {
    id: 'shoe-d02',
    surface: 'chatgpt',
    industry: 'running shoes',
    classes: ['list', 'spelling'],
    text: `The fastest carbon-plated racing shoes right now:

1. **Nike Vaporfly 3** – The benchmark: light, bouncy and proven.
2. **adidas Adizero Adios Pro 4** – Firmer and more stable, favoured by marathoners.
3. **ASICS Metaspeed Sky Paris** – Great for runners who lengthen their stride.
4. **Puma Deviate Nitro Elite 3** – Excellent grip in the wet.
5. **Saucony Endorphin Elite 2** – The bounciest foam of the group.
6. **New Balance FuelCell SC Elite v4** – Soft and forgiving over the full distance.
7. **Brooks Hyperion Elite 4** – Stable and durable for heavier runners.

**Who should buy one:** runners chasing a personal best from 10K to the marathon.
**Who shouldn't:** beginners, who benefit more from a cushioned daily trainer.

Nike and Adidas still dominate the podiums, but the gap has narrowed.`,
    labels: [at('Nike', 1), at('Adidas', 2)],
    discovered: ['ASICS Metaspeed Sky Paris', 'Puma Deviate Nitro Elite 3', 'Saucony Endorphin Elite 2', 'New Balance FuelCell SC Elite v4', 'Brooks Hyperion Elite 4'],
  },
  {
    id: 'shoe-d03',
    surface: 'google_ai_overview',
    industry: 'running shoes',
    classes: ['intro', 'list', 'spelling'],
    text: `Good running shoes for flat feet include stability models such as the Brooks Adrenaline GTS 24, ASICS Gel-Kayano 31 and Saucony Guide 17.
- Brooks Adrenaline GTS 24: GuideRails support without feeling stiff.
- ASICS Gel-Kayano 31: Plush, stable and durable for high mileage.
- Saucony Guide 17: Lighter stability for faster runs.
- Hoka Arahi 7: Cushioned stability with a J-Frame.
- New Balance 860v14: Wide sizes and a firm medial post.
- Mizuno Wave Inspire 20: A firm, traditional ride.
- Fit: Visit a running store for a gait analysis before buying.`,
    labels: [at('Brooks', 1), at('Asics', 2)],
    discovered: ['Saucony Guide 17', 'Hoka Arahi 7', 'New Balance 860v14', 'Mizuno Wave Inspire 20'],
  },
];

import type { EvalCase } from '../types';
import { absent, at } from './label';

export const CARS: EvalCase[] = [
  {
    id: 'car-01',
    surface: 'chatgpt',
    industry: 'cars',
    classes: ['diacritics', 'list', 'intro'],
    text: `The most reliable family estates in Europe:

1. **Škoda Octavia Estate** – huge boot and low running costs.
2. **Toyota Corolla Touring Sports** – efficient hybrid.
3. **Volkswagen Passat Estate** – refined and spacious.
4. **Citroën C5 X** – very comfortable ride.

Skoda also tops many owner-satisfaction surveys.`,
    labels: [at('Skoda', 1, 'positive'), at('Toyota', 2), at('Volkswagen', 3), at('Citroen', 4)],
    discovered: [],
  },
  {
    id: 'car-02',
    surface: 'claude',
    industry: 'cars',
    classes: ['common-word', 'prose'],
    text: `For a long road trip with kids, book a seat in the quiet coach if you go by train, or pick a car with three full-size rear seats. The Mini Cooper is fun but too small for this; a Volkswagen Touran fits three child seats.`,
    labels: [absent('Seat'), at('Mini', 1), at('Volkswagen', 2)],
    discovered: [],
  },
  {
    id: 'car-03',
    surface: 'perplexity',
    industry: 'cars',
    classes: ['table', 'diacritics', 'spelling'],
    text: `| Model | Range (WLTP) | Price |
|---|---|---|
| SKODA Enyaq | 565 km | €48,000 |
| Cupra Born | 548 km | €42,000 |
| Citroen e-C4 | 420 km | €36,000 |
| Mercedes Benz EQA | 528 km | €52,000 |`,
    labels: [at('Skoda', 1), at('Cupra', 2), at('Citroen', 3), at('Mercedes-Benz', 4)],
    discovered: [],
  },
  {
    id: 'car-04',
    surface: 'gemini',
    industry: 'cars',
    classes: ['common-word', 'prose'],
    text: `SEAT's Ibiza is one of the cheapest superminis to insure in Spain. Its sister brand Cupra builds the sportier models. For a mini budget, a used Ibiza is hard to beat.`,
    labels: [at('Seat', 1), at('Cupra', 2), absent('Mini')],
    discovered: [],
  },
  {
    id: 'car-05',
    surface: 'google_ai_overview',
    industry: 'cars',
    classes: ['intro', 'list', 'diacritics'],
    text: `Small electric cars with the best range include the Renault 5, Citroën ë-C3 and Mini Cooper E.
- Renault 5 E-Tech: Up to 410 km of range.
- Mini Cooper SE: Premium feel, about 400 km.
- Citroën ë-C3: The cheapest of the three.`,
    labels: [at('Renault', 1), at('Mini', 2), at('Citroen', 3)],
    discovered: [],
  },
  {
    id: 'car-06',
    surface: 'chatgpt',
    industry: 'cars',
    classes: ['common-word', 'heading', 'possessive'],
    text: `### Mazda MX-5
Mazda's roadster is the benchmark for driving fun.

### Mini Cooper S
Go-kart handling in a practical package.

### Toyota GR86
Rear-wheel drive on a mini budget.`,
    labels: [at('Mazda', 1, 'positive'), at('Mini', 2), at('Toyota', 3)],
    discovered: [],
  },
  {
    id: 'car-07',
    surface: 'claude',
    industry: 'cars',
    classes: ['common-word', 'prose'],
    text: `Adjust your seat so your wrists rest on top of the steering wheel with your arms outstretched. Take a break every two hours on long drives.`,
    labels: [absent('Seat'), absent('Mini')],
    discovered: [],
  },
  {
    id: 'car-08',
    surface: 'perplexity',
    industry: 'cars',
    classes: ['list', 'nested', 'diacritics'],
    text: `Best hybrid SUVs[1]:

1. **Toyota RAV4 Hybrid** – proven reliability[2]
   - Roomier than the Škoda Kodiaq iV
2. **Honda CR-V e:HEV** – smooth and efficient[3]
3. **Kia Sportage HEV** – long warranty[1]`,
    labels: [at('Toyota', 1, 'positive'), at('Honda', 2), at('Kia', 3), at('Skoda', null)],
    discovered: [],
  },
];

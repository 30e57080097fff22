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
  {
    id: 'car-d01',
    surface: 'perplexity',
    industry: 'cars',
    classes: ['list', 'diacritics'],
    text: `The cheapest electric cars in Europe in 2025[1][2]:

1. **Dacia Spring** – from about €17,000; basic but very cheap to run[1].
2. **Citroën ë-C3** – from €23,300, with a 320 km range[3].
3. **Fiat Grande Panda** – a practical city car built on the same platform[4].
4. **Renault 5 E-Tech** – retro design and up to 410 km[2].
5. **MG4** – the most range for the money[4].
6. **Škoda Elroq** – a practical compact SUV from €33,900[5].
7. **Volkswagen ID.3** – a refreshed interior since 2024[1].
8. **Hyundai Inster** – tiny outside but roomy inside[3].

The Citroen is the best value if you mostly drive in town[3].`,
    labels: [at('Skoda', 6), at('Volkswagen', 7)],
    discovered: ['Dacia Spring', 'Citroën ë-C3', 'Fiat Grande Panda', 'Renault 5 E-Tech', 'MG4', 'Hyundai Inster'],
  },
  {
    id: 'car-d02',
    surface: 'gemini',
    industry: 'cars',
    classes: ['list', 'table', 'common-word', 'spelling', 'diacritics'],
    text: `**Best small family SUVs for 2025**

* **Toyota Yaris Cross** – hybrid economy and a strong reliability record.
* **SEAT Arona** – sharp handling and a roomy boot for the class.
* **Hyundai Kona** – available as petrol, hybrid or electric.
* **Kia Stonic** – a long seven-year warranty.
* **Renault Captur** – a sliding rear bench for extra flexibility.
* **Škoda Kamiq** – the most practical of the group.

| | Yaris Cross | Arona | Kona |
|---|---|---|---|
| Price | £24,000 | £21,000 | £27,000 |
| Boot | 397 litres | 400 litres | 466 litres |
| Rear seat legroom | Tight | Good | Best |

**Verdict:** the Kona has the best rear seat for growing kids, but the Toyota will cost the least to run.`,
    labels: [at('Toyota', 1), at('Seat', 2)],
    discovered: ['Hyundai Kona', 'Kia Stonic', 'Renault Captur', 'Škoda Kamiq'],
  },
  {
    id: 'car-d03',
    surface: 'chatgpt',
    industry: 'cars',
    classes: ['list', 'common-word'],
    text: `If you want a fun, affordable car for a mini road trip this summer, these are great options:

1. **Mazda MX-5** – The classic roadster: light, balanced and reliable.
2. **Toyota GR86** – A rear-wheel-drive coupé with a sharp chassis.
3. **Hyundai i20 N** – A hot hatch that punches above its price (used only now).
4. **Volkswagen Golf GTI** – Practical and quick in every situation.
5. **Ford Fiesta ST** – Discontinued, but a brilliant used buy.
6. **Mini Cooper S** – Go-kart handling with premium touches.
7. **Abarth 695** – Tiny, loud and full of character.

**Pros of buying used:** lower depreciation and more choice.
**Cons:** check the service history carefully, especially on turbocharged models.

The MX-5 is the one most owners keep for years.`,
    labels: [at('Mazda', 1, 'positive'), at('Mini', 6)],
    discovered: ['Toyota GR86', 'Hyundai i20 N', 'Volkswagen Golf GTI', 'Ford Fiesta ST', 'Abarth 695'],
  },
  {
    id: 'car-d04',
    surface: 'claude',
    industry: 'cars',
    classes: ['heading', 'diacritics'],
    text: `## Family electric SUVs worth shortlisting

I'd judge these on real-world range, rear-seat space and charging speed rather than headline power.

### Tesla Model Y
Still the benchmark for efficiency and charging, thanks to the Supercharger network.

### Kia EV9
Seven seats and fast 800-volt charging; expensive but very practical.

### Hyundai Ioniq 5
Retro styling, a sliding rear bench and some of the quickest charging around.

### Škoda Enyaq
The most sensible choice: a huge boot and a comfortable ride.

### Volvo EX30
Small outside, and best for families with one child.

### Toyota bZ4X
Improved range after its update, though it still charges more slowly than its rivals.

### BMW iX3
A premium option that drives more like a traditional SUV.

If you can wait, the **Renault Scenic E-Tech** and the **Peugeot e-3008** are both arriving with longer ranges.`,
    labels: [at('Tesla', 1), at('Toyota', 6)],
    discovered: ['Kia EV9', 'Hyundai Ioniq 5', 'Škoda Enyaq', 'Volvo EX30', 'BMW iX3', 'Renault Scenic E-Tech', 'Peugeot e-3008'],
  },
];

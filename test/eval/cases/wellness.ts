import type { EvalCase } from '../types';
import { absent, at } from './label';

export const WELLNESS: EvalCase[] = [
  {
    id: 'well-01',
    surface: 'claude',
    industry: 'wellness',
    classes: ['common-word', 'prose'],
    text: `For a beginner routine, hold each asana for five slow breaths and rest in child's pose between sequences. Apps can guide you: Down Dog adapts the flow to your level, and Glo has classes from experienced teachers.`,
    labels: [absent('Asana'), at('Down Dog', 1, 'positive'), at('Glo', 2)],
    discovered: [],
  },
  {
    id: 'well-02',
    surface: 'chatgpt',
    industry: 'wellness',
    classes: ['common-word', 'list', 'intro'],
    text: `Meditation apps can help you stay calm under pressure. The most recommended ones are:

1. **Headspace** – friendly animations and short sessions, great for beginners.
2. **Calm** – sleep stories and soundscapes; Calm's library is the largest.
3. **Insight Timer** – thousands of free guided meditations.
4. **Waking Up** – deeper, philosophy-oriented courses.`,
    labels: [at('Calm', 2, 'positive'), at('Headspace', 1, 'positive'), at('Insight Timer', 3)],
    discovered: ['Waking Up'],
  },
  {
    id: 'well-03',
    surface: 'gemini',
    industry: 'wellness',
    classes: ['common-word', 'prose'],
    text: `Breathing exercises are a simple way to feel calm before bed. Try the 4-7-8 method: inhale for four seconds, hold for seven, exhale for eight. Many people pair this with a sleep app such as Headspace.`,
    labels: [absent('Calm'), at('Headspace', 1)],
    discovered: [],
  },
  {
    id: 'well-04',
    surface: 'perplexity',
    industry: 'wellness',
    classes: ['common-word', 'prose', 'possessive'],
    text: `Calm and Headspace are the two best-known meditation apps[1]. Calm leans toward sleep content, while Headspace's courses are more structured for beginners[2]. Both cost around $70 a year, and Calm offers a lifetime plan[3].`,
    labels: [at('Calm', 1), at('Headspace', 2), absent('Insight Timer')],
    discovered: [],
  },
  {
    id: 'well-05',
    surface: 'google_ai_overview',
    industry: 'wellness',
    classes: ['list', 'intro', 'common-word'],
    text: `Popular home workout apps include Peloton, Apple Fitness+ and Nike Training Club.
- Peloton: Known for live classes and motivating instructors.
- Nike Training Club: Free strength and yoga workouts.
- Apple Fitness+: Integrates tightly with Apple Watch.
- Down Dog: A strong pick for yoga at home.
Start slowly and keep a calm, steady pace in the first weeks.`,
    labels: [at('Peloton', 1), at('Nike Training Club', 2), at('Apple Fitness+', 3), at('Down Dog', 4), absent('Calm')],
    discovered: [],
  },
  {
    id: 'well-06',
    surface: 'claude',
    industry: 'wellness',
    classes: ['heading', 'common-word'],
    text: `### Peloton
The most polished connected-fitness experience, but the hardware is expensive.

### Zwift
Gamified indoor cycling with a huge community.

### Apple Fitness+
Good value if you already own an Apple Watch. An apple a day won't replace strength training, though!`,
    labels: [at('Peloton', 1, 'neutral'), at('Zwift', 2, 'positive'), at('Apple Fitness+', 3, 'positive')],
    discovered: [],
  },
  {
    id: 'well-07',
    surface: 'chatgpt',
    industry: 'wellness',
    classes: ['common-word', 'list'],
    text: `Tips for a calmer evening routine:

1. Put your phone away an hour before bed.
2. Keep the bedroom cool and dark.
3. Try a guided wind-down: Calm and Headspace both have 10-minute sleep sessions.
4. Write down tomorrow's to-do list so your mind can rest.`,
    labels: [at('Calm', 1), at('Headspace', 2), absent('Insight Timer')],
    discovered: [],
  },
  {
    id: 'well-08',
    surface: 'perplexity',
    industry: 'wellness',
    classes: ['table', 'spelling'],
    text: `| App | Price per year | Free tier |
|---|---|---|
| HEADSPACE | $69.99 | 7-day trial |
| Insight-Timer | $59.99 | Large free library |
| Calm | $69.99 | Limited |

Insight Timer is the best free option[1].`,
    labels: [at('Headspace', 1), at('Insight Timer', 2, 'positive'), at('Calm', 3)],
    discovered: [],
  },
  {
    id: 'well-09',
    surface: 'gemini',
    industry: 'wellness',
    classes: ['common-word', 'prose'],
    text: `Yoga at home works best with a clear sequence. Each asana should feel steady and comfortable; if a pose causes pain, back off. Apps like Down Dog or Alo Moves provide structured flows, and YouTube channels such as Yoga With Adriene are free.`,
    labels: [absent('Asana'), at('Down Dog', 1), at('Alo Moves', 2)],
    discovered: [],
  },
  {
    id: 'well-10',
    surface: 'chatgpt',
    industry: 'wellness',
    classes: ['spelling', 'list', 'intro'],
    text: `Peloton and Zwift dominate indoor cycling, but there are alternatives:

- **Zwift** – virtual worlds and group rides.
- **Rouvy** – real-world route videos.
- **Peloton App** – classes without the bike, from $12.99/month.
- **Trainer Road** – structured, data-driven plans.`,
    labels: [at('Zwift', 1), at('Peloton', 3), at('TrainerRoad', 4)],
    discovered: ['Rouvy'],
  },
];

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
  {
    id: 'well-d01',
    surface: 'claude',
    industry: 'wellness',
    classes: ['heading', 'possessive', 'common-word'],
    text: `## Meditation apps worth trying

### Headspace
Best for structured beginner courses; the animations make abstract ideas concrete.

### Waking Up
Sam Harris's app leans philosophical, with a strong theory section. If you enjoyed his conversations with **Tim Ferriss**, you'll feel at home.

### Insight Timer
The largest free library, with over 200,000 guided meditations from teachers such as **Tara Brach** and **Jack Kornfield**.

### Ten Percent Happier
Practical, sceptic-friendly courses that grew out of Dan Harris's book.

### Medito
Completely free and run by a nonprofit.

### Pros and cons at a glance
- **Pros:** all of them offer offline downloads
- **Cons:** only Insight Timer and Medito have a usable free tier

If sleep is your main goal, Calm's sleep stories are still the benchmark, even though it isn't on this list.`,
    labels: [at('Headspace', 1, 'positive'), at('Calm', null)],
    discovered: ['Waking Up', 'Insight Timer', 'Ten Percent Happier', 'Medito'],
  },
  {
    id: 'well-d02',
    surface: 'google_ai_overview',
    industry: 'wellness',
    classes: ['intro', 'list'],
    text: `Popular running apps include Strava, Garmin Connect and Nike Run Club, and many runners use two of them together.
- Strava: The social network for athletes, with segments and clubs.
- Garmin Connect: Free with Garmin watches, with detailed training load.
- Nike Run Club: Free guided runs and coaching plans.
- Runna: Personalised plans from 5K to marathon.
- TrainingPeaks: Structured plans often used by coaches.
- Komoot: Route planning for trail runs and hikes.
- Price: Most offer a free tier, with premium plans from about $8 a month.`,
    labels: [at('Strava', 1), at('Nike Run Club', 3)],
    discovered: ['Garmin Connect', 'Runna', 'TrainingPeaks', 'Komoot'],
  },
  {
    id: 'well-d03',
    surface: 'perplexity',
    industry: 'wellness',
    classes: ['list', 'nested', 'common-word', 'possessive'],
    text: `Best home workout apps in 2025, grouped by goal[1][2]:

- **Strength**
  - **Peloton App** – strength classes with progress tracking[1]
  - **Future** – a real coach writes your plan each week[3]
  - **Fitbod** – workouts generated from the equipment you own[2]
- **Yoga**
  - **Down Dog** – endlessly varied flows[4]
  - **Alo Moves** – studio-quality classes[1]
- **Cardio**
  - **Apple Fitness+** – HIIT and treadmill workouts tied to Apple Watch[5]
  - **Zwift** – if you already own a smart trainer

Most offer free trials of 7 to 30 days[2]. Stay calm about missed sessions: consistency beats intensity. On rest days, Calm's short stretching sessions are a gentle option[3].`,
    labels: [at('Calm', null), absent('Headspace')],
    discovered: ['Peloton App', 'Future', 'Fitbod', 'Down Dog', 'Alo Moves', 'Apple Fitness+', 'Zwift'],
  },
  {
    id: 'well-d04',
    surface: 'chatgpt',
    industry: 'wellness',
    classes: ['list', 'diacritics', 'possessive', 'common-word'],
    text: `If you want better sleep data, these are the most popular sleep trackers and apps right now:

1. **Oura Ring 4** – The most accurate consumer sleep staging, in a discreet ring.
2. **WHOOP 5.0** – Strap-based, focused on recovery and strain.
3. **Eight Sleep Pod 4** – A mattress cover that cools or warms you through the night.
4. **Fitbit Charge 6** – Affordable, with a useful sleep score.
5. **Withings Sleep Analyzer** – Slides under your mattress, so there's nothing to wear.
6. **Sleep Cycle** – Uses your phone's microphone to find your lightest sleep phase.
7. **Rise** – Tracks your "sleep debt" and daily energy peaks.
8. **Pokémon Sleep** – Gamifies consistent bedtimes, and is surprisingly effective.

**Key takeaway:** a tracker only helps if it changes a habit. Pair it with a calm wind-down routine (Calm's sleep stories are a favourite) and a consistent wake time.`,
    labels: [at('Calm', null), absent('Headspace')],
    discovered: ['Oura Ring 4', 'WHOOP 5.0', 'Eight Sleep Pod 4', 'Fitbit Charge 6', 'Withings Sleep Analyzer', 'Sleep Cycle', 'Rise', 'Pokémon Sleep'],
  },
];

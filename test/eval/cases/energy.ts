import type { EvalCase } from '../types';
import { absent, at } from './label';

export const ENERGY: EvalCase[] = [
  {
    id: 'energy-01',
    surface: 'claude',
    industry: 'energy',
    classes: ['common-word', 'prose'],
    text: `Heat pumps cost more up front, so many homeowners shell out $10,000 or more before grants. In a nutshell, the savings come from efficiency over ten to fifteen years. Suppliers such as Octopus Energy offer special tariffs for heat-pump owners.`,
    labels: [absent('Shell'), at('Octopus Energy', 1, 'positive'), absent('BP')],
    discovered: [],
  },
  {
    id: 'energy-02',
    surface: 'chatgpt',
    industry: 'energy',
    classes: ['list', 'intro', 'common-word'],
    text: `The biggest EV charging networks in the UK are:

1. **Shell Recharge** – thousands of rapid chargers at forecourts.
2. **BP Pulse** – fast chargers and a subscription plan.
3. **Tesla Supercharger** – now open to non-Tesla cars at many sites.
4. **Ionity** – high-power chargers on motorways.

Shell's app also shows live charger availability.`,
    labels: [at('Shell', 1), at('BP', 2), at('Tesla', 3), at('Ionity', 4)],
    discovered: [],
  },
  {
    id: 'energy-03',
    surface: 'gemini',
    industry: 'energy',
    classes: ['common-word', 'prose'],
    text: `An octopus has three hearts and blue blood, which makes it a favourite topic for science classes. The ocean's shell-building creatures are threatened by acidification.`,
    labels: [absent('Octopus Energy'), absent('Shell')],
    discovered: [],
  },
  {
    id: 'energy-04',
    surface: 'perplexity',
    industry: 'energy',
    classes: ['table', 'spelling'],
    text: `| Supplier | Green tariff | Trustpilot |
|---|---|---|
| Octopus Energy | Yes | 4.8 |
| OVO | Yes | 4.2 |
| British Gas | Partial | 4.0 |
| EDF | Yes | 4.1 |

Octopus consistently tops customer-service rankings[1].`,
    labels: [at('Octopus Energy', 1, 'positive'), at('Ovo', 2), at('British Gas', 3), at('EDF', 4)],
    discovered: [],
  },
  {
    id: 'energy-05',
    surface: 'google_ai_overview',
    industry: 'energy',
    classes: ['intro', 'list', 'common-word'],
    text: `Fuel cards popular with small fleets include Shell Fleet, BP Fuel Cards and Allstar.
- Allstar: Accepted at most UK forecourts.
- BP Fuel Cards: Discounts at BP and partner sites.
- Shell Fleet: Wide network with fuel price protection.`,
    labels: [at('Shell', 3), at('BP', 2), at('Allstar', 1)],
    discovered: [],
  },
  {
    id: 'energy-06',
    surface: 'chatgpt',
    industry: 'energy',
    classes: ['common-word', 'prose'],
    text: `You don't need to shell out for a smart thermostat to save energy: turning the heating down by one degree saves around 10% on bills. If you do want one, Nest and Hive are the usual choices.`,
    labels: [absent('Shell'), at('Nest', 1), at('Hive', 2)],
    discovered: [],
  },
  {
    id: 'energy-07',
    surface: 'claude',
    industry: 'energy',
    classes: ['common-word', 'heading'],
    text: `## Nest Learning Thermostat
Learns your schedule and adjusts automatically. Works with Google Home.

## Hive Active Heating
Popular in the UK, with good app scheduling.

## Tado
Room-by-room control with smart radiator valves.

Bees build a hive; thermostats just build habits.`,
    labels: [at('Nest', 1, 'positive'), at('Hive', 2, 'positive'), at('Tado', 3)],
    discovered: [],
  },
  {
    id: 'energy-08',
    surface: 'perplexity',
    industry: 'energy',
    classes: ['common-word', 'prose'],
    text: `Birds often nest in loft spaces, which can damage insulation[1]. Check the loft each spring and seal gaps once nesting season has ended. A hive of wasps should be removed by a professional[2].`,
    labels: [absent('Nest'), absent('Hive')],
    discovered: [],
  },
  {
    id: 'energy-d01',
    surface: 'chatgpt',
    industry: 'energy',
    classes: ['list'],
    text: `Thinking about solar panels? Here are the UK installers and suppliers homeowners rate most highly:

1. **Octopus Energy** – Installs panels and batteries, with a smart export tariff.
2. **Otovo** – A marketplace that matches you with vetted local installers.
3. **Project Solar UK** – Long guarantees and in-house installers.
4. **E.ON Next** – Combined solar and battery packages.
5. **Tesla Powerwall** – The best-known home battery, fitted by certified partners.
6. **GivEnergy** – A British battery and inverter maker, popular with installers.

How to get started:

- Step 1: Check your roof's orientation and shading.
- Step 2: Get at least three quotes.
- Step 3: Apply for a Smart Export Guarantee tariff.

**Bottom line:** Octopus is the simplest one-stop option if you're already a customer.`,
    labels: [at('Octopus Energy', 1, 'positive'), at('Tesla', 5)],
    discovered: ['Otovo', 'Project Solar UK', 'E.ON Next', 'GivEnergy'],
  },
  {
    id: 'energy-d02',
    surface: 'google_ai_overview',
    industry: 'energy',
    classes: ['intro', 'list'],
    text: `The cheapest energy suppliers in the UK right now include Octopus Energy, EDF and British Gas, though most prices sit close to the price cap.
- Octopus Energy: Agile and Tracker tariffs can undercut the cap.
- EDF: Fixed deals slightly below the cap.
- So Energy: A smaller supplier with strong customer ratings.
- British Gas: The largest supplier, with fixed tariffs near the cap.
- Outfox the Market: Often among the cheapest fixed deals.
- Utility Warehouse: Bundles energy with broadband and mobile.
- Fixed vs variable: Fixed tariffs protect against rises but may carry exit fees.`,
    labels: [at('British Gas', 4), at('EDF', 2)],
    discovered: ['Octopus Energy', 'So Energy', 'Outfox the Market', 'Utility Warehouse'],
  },
  {
    id: 'energy-d03',
    surface: 'gemini',
    industry: 'energy',
    classes: ['list', 'common-word'],
    text: `**Smart thermostats that work with UK combi boilers**

* **Hive Thermostat Mini** – simple, affordable and easy to install.
* **tado° Smart Thermostat X** – room-by-room control with smart radiator valves.
* **Google Nest Learning Thermostat** – learns your routine and adjusts itself.
* **Netatmo Smart Thermostat** – an e-ink display and no subscription.
* **Honeywell Home evohome** – zoned heating for larger homes.
* **Drayton Wiser** – a good-value multi-zone system.

**Things to check first**

* **Boiler compatibility:** most work with combi boilers, but check before you buy.
* **Installation:** some need a Gas Safe engineer; others are DIY.
* **Hot water control:** only some models can schedule a hot water cylinder.`,
    labels: [at('Hive', 1), at('Nest', 3)],
    discovered: ['tado° Smart Thermostat X', 'Netatmo Smart Thermostat', 'Honeywell Home evohome', 'Drayton Wiser'],
  },
];

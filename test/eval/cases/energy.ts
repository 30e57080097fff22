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
];

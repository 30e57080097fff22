import type { EvalCase } from '../types';
import { absent, at } from './label';

export const PROJECTS: EvalCase[] = [
  {
    id: 'pm-01',
    surface: 'chatgpt',
    industry: 'project management',
    classes: ['list', 'intro', 'nested'],
    text: `Here are the top project management tools for remote teams, based on features and reviews:

1. **Asana** – Great for task dependencies and portfolios.
   - Integrates with Slack, Notion and Trello imports.
2. **Monday.com** – Highly visual boards and automations.
3. **ClickUp** – Feature-rich, though the learning curve is steeper than Asana.
4. **Trello** – Simple Kanban boards, ideal for small teams.

Overall, Asana offers the best balance.`,
    labels: [at('Asana', 1, 'positive'), at('monday.com', 2), at('ClickUp', 3), at('Trello', 4), at('Notion', null)],
    discovered: [],
  },
  {
    id: 'pm-02',
    surface: 'claude',
    industry: 'project management',
    classes: ['common-word', 'prose'],
    text: `There's a common notion that you need a dedicated tool to manage projects well. For a team of three, a shared document and a weekly call often do the job. Once you pass ten people, a tool like Trello or Asana starts paying for itself.`,
    labels: [absent('Notion'), at('Trello', 1), at('Asana', 2)],
    discovered: [],
  },
  {
    id: 'pm-03',
    surface: 'gemini',
    industry: 'project management',
    classes: ['common-word', 'list', 'possessive'],
    text: `**Best all-in-one workspaces**

* **Notion** – docs, wikis and databases in one place; Notion's templates make setup fast.
* **ClickUp** – tasks, docs and goals with many views.
* **Coda** – documents that behave like apps.

Note that Notion’s project features are lighter than a dedicated tool like Asana.`,
    labels: [at('Notion', 1, 'positive'), at('ClickUp', 2), at('Asana', null)],
    discovered: ['Coda'],
  },
  {
    id: 'pm-04',
    surface: 'perplexity',
    industry: 'project management',
    classes: ['common-word', 'prose'],
    text: `Linear is a fast, keyboard-first issue tracker built for software teams[1]. Unlike Jira, Linear keeps workflows opinionated, which reduces setup time[2]. Progress in Linear is not linear, though: cycles and projects overlap, so teams should agree on conventions early[3].`,
    labels: [at('Linear', 1, 'positive'), at('Jira', 2), absent('Asana')],
    discovered: [],
  },
  {
    id: 'pm-05',
    surface: 'google_ai_overview',
    industry: 'project management',
    classes: ['common-word', 'prose'],
    text: `Project timelines rarely follow a linear path. Break work into milestones, assign owners, and review progress weekly. Tools such as Asana, Wrike and Smartsheet support Gantt charts for this kind of planning.`,
    labels: [absent('Linear'), at('Asana', 1), at('Wrike', 2), at('Smartsheet', 3)],
    discovered: [],
  },
  {
    id: 'pm-06',
    surface: 'chatgpt',
    industry: 'project management',
    classes: ['domain', 'spelling', 'list'],
    text: `For marketing agencies, these tools come up most:

1. **monday.com** – client-friendly dashboards and guest access.
2. **Click Up** – everything in one app, good value.
3. **TeamWork** – built for client work, with time tracking and billing.
4. **Basecamp** – flat pricing and simple message boards.`,
    labels: [at('monday.com', 1), at('ClickUp', 2), at('Teamwork', 3), at('Basecamp', 4)],
    discovered: [],
  },
  {
    id: 'pm-07',
    surface: 'claude',
    industry: 'project management',
    classes: ['common-word', 'heading', 'nested'],
    text: `## Basecamp
Basecamp keeps things simple: message boards, to-dos and schedules.
- Flat price, unlimited users
- Fewer views than Asana or Trello

## Asana
Strong for cross-team work and reporting.
- Timeline and workload views
- Good teamwork features for large organisations

## Trello
Boards and cards, nothing more. Great for personal projects.`,
    labels: [at('Basecamp', 1, 'positive'), at('Asana', 2, 'positive'), at('Trello', 3, 'positive'), absent('Teamwork')],
    discovered: [],
  },
  {
    id: 'pm-08',
    surface: 'perplexity',
    industry: 'project management',
    classes: ['common-word', 'list', 'intro'],
    text: `Good teamwork depends more on habits than on tools[1]. That said, these are popular for small teams:

- **Trello**: free Kanban boards[2]
- **Asana**: structured projects with rules and forms[1]
- **Linear**: issue tracking for engineering teams[3]

Pick one and stick with it for a quarter before judging.`,
    labels: [absent('Teamwork'), at('Trello', 1), at('Asana', 2), at('Linear', 3)],
    discovered: [],
  },
  {
    id: 'pm-09',
    surface: 'gemini',
    industry: 'project management',
    classes: ['table', 'domain'],
    text: `| Rank | Tool | Free plan | Best for |
|---|---|---|---|
| 1 | Asana | Yes, up to 10 users | Cross-functional teams |
| 2 | Monday.com | Yes, 2 seats | Visual workflows |
| 3 | Jira | Yes, 10 users | Software teams |
| 4 | Notion | Yes | Docs plus light tasks |

All four offer mobile apps; asana.com and monday.com both publish detailed pricing pages.`,
    labels: [at('Asana', 1), at('monday.com', 2), at('Jira', 3), at('Notion', 4)],
    discovered: [],
  },
  {
    id: 'pm-10',
    surface: 'chatgpt',
    industry: 'project management',
    classes: ['common-word', 'prose'],
    text: `Monday mornings are a good time for a planning ritual: review last week's tasks, set three priorities and share them with the team. If you want software to support the habit, Asana's "My Tasks" view or a simple Trello board both work.`,
    labels: [absent('monday.com'), at('Asana', 1), at('Trello', 2)],
    discovered: [],
  },
];

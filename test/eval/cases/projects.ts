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
  {
    id: 'pm-d01',
    surface: 'gemini',
    industry: 'project management',
    classes: ['table', 'list', 'domain'],
    text: `Here's how the leading project management tools compare for a 20-person agency:

| Rank | Tool | Starting price | Free plan | Best for |
|---|---|---|---|---|
| 1 | ClickUp | $7/user/month | Yes | All-in-one workspaces |
| 2 | Asana | $10.99/user/month | Yes, up to 10 users | Cross-team projects |
| 3 | monday.com | $9/seat/month | Yes, 2 seats | Visual workflows |
| 4 | Wrike | $10/user/month | Yes | Client approvals |
| 5 | Teamwork.com | $10.99/user/month | Yes, 5 users | Billable client work |
| 6 | Trello | $5/user/month | Yes | Simple Kanban boards |

**Key features to check**

* **Time tracking:** built into ClickUp, Wrike and Teamwork.com; an add-on in Asana.
* **Client access:** Wrike and Teamwork.com offer free guest seats.
* **Gantt charts:** missing from Trello unless you add a Power-Up.

**Our pick:** ClickUp for value, Asana if your team values polish over features.`,
    labels: [at('Asana', 2), at('Trello', 6)],
    discovered: ['ClickUp', 'monday.com', 'Wrike', 'Teamwork.com'],
  },
  {
    id: 'pm-d02',
    surface: 'chatgpt',
    industry: 'project management',
    classes: ['list', 'common-word', 'possessive'],
    text: `Moving your engineering team off spreadsheets is a good notion, but the tool matters less than the habit. These are the issue trackers teams pick most often:

1. **Linear** – Fast, opinionated issue tracking; cycles replace sprints.
2. **Jira Software** – The most configurable, with deep reporting and a huge marketplace.
3. **Shortcut** – A middle ground between Linear's speed and Jira's flexibility.
4. **GitHub Projects** – Free if your code already lives on GitHub.
5. **YouTrack** – JetBrains' tracker, strong for teams that use its IDEs.
6. **Height** – AI-assisted triage with a chat-like feed.

Once you've picked one:

- Step 1: Export your open issues as CSV.
- Step 2: Map your old statuses to the new workflow.
- Step 3: Import, then archive the old board.

Notion works too if your team mostly writes specs, but its task features are lighter.`,
    labels: [at('Notion', null), at('Jira', 2)],
    discovered: ['Linear', 'Shortcut', 'GitHub Projects', 'YouTrack', 'Height'],
  },
  {
    id: 'pm-d03',
    surface: 'google_ai_overview',
    industry: 'project management',
    classes: ['intro', 'list', 'common-word', 'domain'],
    text: `Project management tools for teams that dislike per-seat fees include Basecamp, Nifty and ProofHub, while Teamwork.com offers free client seats.
- Basecamp: One price of $299 a month for unlimited users.
- Nifty: Flat plans from $49 a month, with milestones and docs.
- ProofHub: A fixed monthly fee with unlimited users.
- Zoho Projects: Low per-user cost and a free plan for small teams.
- Plane: An open-source, self-hostable alternative to Jira.
- Teamwork: Good teamwork habits matter more than the tool you choose.`,
    labels: [at('Basecamp', 1), at('Teamwork', null)],
    discovered: ['Nifty', 'ProofHub', 'Zoho Projects', 'Plane'],
  },
  {
    id: 'pm-d04',
    surface: 'perplexity',
    industry: 'project management',
    classes: ['list', 'common-word'],
    text: `The most-recommended tools for fully remote teams in 2025[1][2][3]:

1. **Slack** – async chat with huddles and clips[1].
2. **Notion** – docs, wikis and lightweight project tracking[2].
3. **Loom** – short video updates instead of meetings[3].
4. **Miro** – an online whiteboard for workshops[1].
5. **Linear** – issue tracking for product teams[4].
6. **Trello** – simple boards for non-technical teams[2].
7. **Zoom** – still the default for video calls[5].
8. **Calendly** – scheduling across time zones[3].
9. **Figma** – collaborative design, with FigJam for brainstorming[4].
10. **1Password** – shared vaults, so nobody pastes passwords into chat[5].

Remote work also needs clear norms: a shared notion of "core hours" and written decision logs matter as much as the tools[2].`,
    labels: [at('Notion', 2), at('Trello', 6)],
    discovered: ['Slack', 'Loom', 'Miro', 'Linear', 'Zoom', 'Calendly', 'Figma', '1Password'],
  },
];

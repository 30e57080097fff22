import { CreateTrackerInput, RunSummary, Tracker } from '@brandradar/contracts';
import { z } from 'zod';

/**
 * What a new user of `npm start` finds on signing in: trackers with a history, so the overview has
 * headlines, changes and trends, and the report names to compare. Each run asks at least 10
 * answers (prompts × surfaces × samples), the smallest sample for which a change is stated.
 */
export const DEMO_TRACKERS: CreateTrackerInput[] = [
  {
    name: 'CRM for small teams (demo)',
    primitive: 'compare',
    brand: 'HubSpot',
    competitors: ['Salesforce', 'Pipedrive', 'Zoho CRM'],
    prompts: ['Best CRM for a small team?', 'Which CRM should a startup pick?', 'Top CRM software for sales pipelines', 'Is Salesforce worth it for a small agency?'],
    models: ['chatgpt', 'perplexity', 'gemini'],
    samplesPerPrompt: 3,
    cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  },
  {
    name: 'Project management tools (demo)',
    primitive: 'rankings',
    competitors: ['Asana', 'monday.com', 'Trello', 'ClickUp'],
    prompts: ['Best project management tool for a remote team?', 'Which task manager do agencies use?'],
    models: ['chatgpt', 'claude', 'perplexity'],
    samplesPerPrompt: 2,
    cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  },
];

const TERMINAL: RunSummary['status'][] = ['COMPLETED', 'PARTIAL', 'FAILED'];
const POLL_MS = 500;

/**
 * Creates the demo trackers in the account, activates them at their estimate, and runs each
 * `runsEach` times, one run after another so that each compares with the one before. Resolves
 * when the last run has finished; `say` hears of each tracker once its runs are done.
 */
export async function seedDemoTrackers(baseUrl: string, apiKey: string, runsEach: number, say: (line: string) => void = () => undefined): Promise<Tracker[]> {
  const api = async <T extends z.ZodType>(method: string, path: string, body: unknown, answer: T): Promise<z.infer<T>> => {
    const res = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json: unknown = await res.json();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return answer.parse(json);
  };
  const trackerReply = z.object({ tracker: Tracker });
  const runReply = z.object({ run: RunSummary });
  const seeded: Tracker[] = [];
  for (const definition of DEMO_TRACKERS) {
    const { tracker } = await api('POST', '/trackers', definition, trackerReply);
    await api('POST', `/trackers/${tracker.id}/activate`, { maxCostMicroPerRun: tracker.estimatedCostMicroPerRun }, z.object({ tracker: Tracker }));
    for (let i = 1; i <= runsEach; i++) {
      let { run } = await api('POST', `/trackers/${tracker.id}/runs`, { requestToken: `demo-${tracker.id}-${i}` }, runReply);
      // Every run ends by its deadline, which the runner enforces; polled until then.
      while (!TERMINAL.includes(run.status)) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        ({ run } = await api('GET', `/trackers/${tracker.id}/runs/${run.id}`, undefined, runReply));
      }
    }
    say(`Demo tracker "${tracker.name}" has ${runsEach} runs.`);
    seeded.push(tracker);
  }
  return seeded;
}

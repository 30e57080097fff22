// The report as a PDF (api-contract §16) over HTTP: read back by text extraction, its figures are the JSON report's.
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { pdfText } from '../support/pdf-text';
import { startStack, type TestStack } from '../support/stack';
import { activeTracker, finishedRun } from '../support/tracker-runs';

let stack: TestStack;
beforeAll(async () => {
  stack = await startStack([billingService, trackerService, runnerService, gatewayService]);
});
afterAll(() => stack.stop());

const compare = (name: string, brand: string, competitors: string[]) => ({
  name,
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['best CRM for a small sales team', 'CRM like HubSpot but cheaper'],
  models: ['chatgpt', 'perplexity'],
  brand,
  competitors,
});

type Rate = { value: number | null; n: number; interval: { low: number; high: number } | null };
type Change = { change: number | null; significant: boolean | null };
type Named = { brands: Array<{ name: string; shareOfVoice: Rate }> };
type ReportRun = {
  id: string;
  metrics: (Named & { bySurface: Record<string, Named> }) | null;
  delta: { brands: Array<{ name: string; presence: string; shareOfVoice: Change }> } | null;
};

const pdf = (key: string, path: string) => fetch(`${stack.gatewayUrl}${path}`, { headers: { Authorization: `Bearer ${key}`, Accept: 'application/pdf' } });
/** A share as the web app and the PDF write it: `37.5%`, `0%`. */
const percent = (v: number) => `${+(v * 100).toFixed(1)}%`;

describe('report as PDF', () => {
  let key: string;
  let trackerId: string;
  beforeAll(async () => {
    ({ apiKey: key } = await stack.account(10_000_000));
    // 3 samples of 2 prompts on 2 surfaces: 12 answers a run, enough for a change to be stated (10).
    trackerId = await activeTracker(stack, key, { ...compare('CRM tools, US buyers', 'HubSpot', ['Pipedrive', 'monday.com']), samplesPerPrompt: 3 });
    for (const token of ['pdf-1', 'pdf-2']) expect((await finishedRun(stack, key, trackerId, token)).status).toBe('COMPLETED');
  }, 120_000);

  it('prints the JSON report’s headline figures per name, with the change and its verdict in words', async () => {
    const res = await pdf(key, `/api/v1/trackers/${trackerId}/report`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="report-${trackerId}.pdf"`);
    expect(res.headers.get('vary')).toMatch(/Accept/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const printed = await pdfText(bytes);

    const { runs } = (await stack.api('GET', `/api/v1/trackers/${trackerId}/report`, { key })).body as { runs: ReportRun[] };
    const [newest] = runs;
    expect(printed).toContain('CRM tools, US buyers');
    expect(printed).toMatch(/2 runs (on|from) \d/);
    expect(printed).toMatch(/Generated \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(UTC\)/);
    expect(printed).toContain('Share of voice, newest run');
    const brands = newest!.metrics!.brands.filter((b) => b.shareOfVoice.value !== null);
    expect(brands.length).toBe(3);
    let stated = 0;
    for (const { name, shareOfVoice: s } of brands) {
      expect(printed).toContain(`${name} ${percent(s.value!)} 95% interval ${percent(s.interval!.low)}–${percent(s.interval!.high)} n = ${s.n} mentions`);
      const change = newest!.delta!.brands.find((b) => b.name === name)!.shareOfVoice;
      if (change.change === null) continue;
      stated++;
      const sign = change.change > 0 ? '+' : change.change < 0 ? '−' : '±';
      expect(printed).toContain(`${change.significant ? 'Significant' : 'Within noise'} ${sign}${Math.abs(change.change).toFixed(2)} percentage points`);
    }
    expect(stated).toBeGreaterThan(0);
    // The by-surface table: a row per surface, a cell per name with its figure, interval and n
    // (`–` may end a line in a narrow column: the text reads it back followed by a space).
    expect(printed).toContain('Share of voice by surface');
    const unwrapped = printed.replace(/– /g, '–');
    for (const [surface, label] of [['chatgpt', 'ChatGPT'], ['perplexity', 'Perplexity']] as const) {
      const cells = brands.map(({ name }) => {
        const s = newest!.metrics!.bySurface[surface]!.brands.find((b) => b.name === name)!.shareOfVoice;
        return s.value === null ? '—' : `${percent(s.value)}${s.interval ? ` (${percent(s.interval.low)}–${percent(s.interval.high)})` : ''}, n = ${s.n}`;
      });
      expect(unwrapped).toContain(`${label} ${cells.join(' ')}`);
    }

    // The top insights: the names the answers put forward that the tracker does not track, as the insights API gives them.
    const { insights } = (await stack.api('GET', `/api/v1/trackers/${trackerId}/insights`, { key })).body as {
      insights: { discoveredNames: Array<{ name: string; rate: number; n: number; interval: { low: number; high: number } | null }> };
    };
    expect(insights.discoveredNames.length).toBeGreaterThan(0);
    expect(printed).toContain('Top insights Names the answers put forward that you do not track');
    for (const d of insights.discoveredNames.slice(0, 5)) {
      expect(unwrapped).toContain(`${d.name}: ${percent(d.rate)} of answers${d.interval ? `, 95% interval ${percent(d.interval.low)}–${percent(d.interval.high)}` : ''}, n = ${d.n} answers`);
    }
    expect(printed).toMatch(/Method Each run asks the tracker’s 2 prompts on ChatGPT, Perplexity, 3 times each, and analyses the answers\./);
  });

  it('honours limit like the JSON report', async () => {
    expect(await pdfText(Buffer.from(await (await pdf(key, `/api/v1/trackers/${trackerId}/report?limit=1`)).arrayBuffer()))).toMatch(/1 run on \d/);
  });

  it('refuses in the JSON error shape: a bad limit, another account’s tracker; JSON stays the default', async () => {
    const badLimit = await pdf(key, `/api/v1/trackers/${trackerId}/report?limit=0`);
    expect([badLimit.status, ((await badLimit.json()) as { error: { code: string } }).error.code]).toEqual([400, 'validation_error']);
    const { apiKey: other } = await stack.account();
    expect((await pdf(other, `/api/v1/trackers/${trackerId}/report`)).status).toBe(404);
    for (const accept of ['*/*', 'application/json']) {
      const res = await fetch(`${stack.gatewayUrl}/api/v1/trackers/${trackerId}/report`, { headers: { Authorization: `Bearer ${key}`, Accept: accept } });
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/json; charset=utf-8']);
    }
  });

  it('renders a tracker of hostile names: monday.com, $x, __proto__, emoji, 100 characters (the longest allowed)', async () => {
    const long = `${'Ü'.repeat(99)}x`;
    // The simulated surfaces name HubSpot in every answer to these prompts, so every name has a share of voice (0% or more).
    const id = await activeTracker(stack, key, compare(`🦄 ${'n'.repeat(98)}`, '__proto__', ['HubSpot', '$x', 'monday.com', '🚀 Rocket', long]));
    expect((await finishedRun(stack, key, id, 'hostile-1')).status).toBe('COMPLETED');
    const res = await pdf(key, `/api/v1/trackers/${id}/report`);
    expect(res.status).toBe(200);
    const printed = await pdfText(Buffer.from(await res.arrayBuffer()));
    // The title wraps; the cards name each name with its figure, the table heads a column with it.
    expect(printed).toMatch(/^� n{20}/);
    expect(printed).toContain(`Surface __proto__ HubSpot $x monday.com � Rocket ${'Ü'.repeat(10)}`);
    for (const name of ['__proto__', '$x', 'monday.com', '� Rocket']) expect(printed).toMatch(new RegExp(`${name.replace(/[$]/g, '\\$&')} \\d+(\\.\\d)?% 95% interval`));
    expect(printed).not.toContain('🚀');
    expect(printed).not.toContain('🦄');
  }, 90_000);
});

import type { DigestTracker } from '@brandradar/contracts';
import { render } from '../domain/render';
import { chartCid, digestContent } from './content';

const HOSTILE = ['monday.com', '$x', '__proto__', '🚀 Acme', `<script>alert(1)</script>${'x'.repeat(175)}`];
const tracker = (name: string, i: number): DigestTracker => ({
  trackerId: `0b9e0001-5c3a-4f1e-9d2b-7a6c0000000${i}`,
  name,
  status: i === 0 ? 'PAUSED' : 'ACTIVE',
  pauseReason: i === 0 ? 'insufficient_credits' : null,
  headline: {
    measure: 'shareOfVoice',
    name,
    points: [
      { runId: '0b9e0002-5c3a-4f1e-9d2b-7a6c00000001', finishedAt: '2026-11-23T09:00:00.000Z', value: 0.2, interval: { low: 0.1, high: 0.3 }, n: 40, clusters: 4 },
      { runId: '0b9e0002-5c3a-4f1e-9d2b-7a6c00000002', finishedAt: '2026-11-30T09:00:00.000Z', value: 0.35, interval: { low: 0.25, high: 0.45 }, n: 40, clusters: 4 },
    ],
    change: { current: 0.35, previous: 0.2, change: 0.15, insufficientSample: false, pValue: 0.012, significant: true, previousRunId: '0b9e0002-5c3a-4f1e-9d2b-7a6c00000001', minimumAnswers: 10 },
  },
  discoveredNames: [name, 'Zoho'],
});

const mail = () =>
  render(
    digestContent({
      trackers: HOSTILE.map(tracker),
      incidents: [{ _id: 'e1', accountId: 'a', kind: 'run_failed', trackerId: 't', trackerName: '__proto__', error: 'every surface failed', pauseReason: null, at: new Date('2026-11-28T10:00:00Z') }],
      dueAt: new Date('2026-11-30T08:00:00Z'),
      timezone: 'Europe/Berlin',
      appUrl: 'https://app.example.com/',
      charted: new Set([tracker('x', 1).trackerId]),
      pdfs: new Set([tracker('x', 2).trackerId]),
    }),
  );

describe('the weekly digest e-mail', () => {
  it('gives each tracker its headline, change in points, significance in words, names and report link', () => {
    const { text } = mail();
    expect(text).toContain('Share of voice of monday.com: 35% (n = 40, 95% interval 25%–45%)');
    expect(text).toContain('Change:                  +15 percentage points since the previous run');
    expect(text).toContain('significant: chance alone would rarely move it this much (p = 0.012)');
    expect(text).toContain('Status:                  paused (balance too low)');
    expect(text).toMatch(/^New names this week: +\$x, Zoho$/m);
    expect(text).toContain(`https://app.example.com/app/#/trackers/${tracker('x', 0).trackerId}`);
    expect(text).toContain('Sat 28 Nov, 11:00: __proto__: a run failed: every surface failed');
    expect(text.match(/^Report PDF: +attached, report-.*\.pdf$/gm)).toEqual([expect.stringContaining(`report-${tracker('x', 2).trackerId}.pdf`)]);
  });

  it('escapes every name in the HTML and keeps it whole in the text', () => {
    const { text, html } = mail();
    for (const name of HOSTILE) expect(text).toContain(name);
    expect(html).not.toContain('<script>');
    expect(html).toContain(`&lt;script&gt;alert(1)&lt;/script&gt;${'x'.repeat(175)}`);
    expect(html).toContain('__proto__');
    expect(html).toContain('🚀 Acme');
  });

  it('shows a chart only where one is attached, by its cid', () => {
    const { html, text } = mail();
    expect(html.match(/<img src="cid:/g)).toHaveLength(1);
    expect(html).toContain(`src="cid:${chartCid(tracker('x', 1).trackerId)}"`);
    expect(text).toContain('[Chart, attached: Share of voice of $x over the newest runs of $x]');
  });
});

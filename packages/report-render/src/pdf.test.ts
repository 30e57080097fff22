import { compareTracker } from '../../../test/support/notifier-fixtures';
import { pdfText } from '../../../test/support/pdf-text';
import { compareReport } from '../../../test/support/report-fixtures';
import { reportContent, reportPdf } from './index';

const NOW = new Date('2026-11-16T08:30:00Z');
const style = { locale: 'en-GB', timeZone: 'UTC' };

describe('reportPdf', () => {
  it('prints the tracker, the range, the generation time and each card’s figures, change and verdict in words', async () => {
    const report = compareReport([6, 12, 18]);
    const pdf = await reportPdf(report, { now: NOW });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const printed = await pdfText(pdf);
    const content = reportContent(report, null, NOW, style);
    expect(printed).toContain('CRM tools, US buyers');
    expect(printed).toContain('3 runs from 1 Nov 2026 to 15 Nov 2026');
    expect(printed).toContain('Generated 16 Nov 2026, 08:30 (UTC)');
    expect(content.cards.map((c) => c.name)).toEqual(['Acme', 'HubSpot']);
    // Acme: 18 of 48 mentions now, 12 of 42 before.
    expect(content.cards[0]).toMatchObject({ value: '37.5%', verdict: expect.stringMatching(/^(significant|within noise)$/) });
    for (const card of content.cards) {
      expect(printed).toContain(card.value);
      expect(printed).toContain(card.interval!);
      expect(printed).toContain(card.sample);
      expect(printed).toContain(card.change);
    }
    expect(printed).toMatch(/Within noise|Significant/);
    expect(printed).toContain('Share of voice by surface');
    expect(printed).toContain('Method');
  });

  it('prints a tracker without runs', async () => {
    const printed = await pdfText(await reportPdf({ tracker: compareTracker(), runs: [] }, { now: NOW }));
    expect(printed).toContain('No finished run yet');
  });

  it('renders hostile names: markup, $x, __proto__, emoji, 200 characters, controls', async () => {
    const long = 'L'.repeat(200);
    const tracker = compareTracker({ name: `🦄 monday.com ${'n'.repeat(190)}`, brand: '__proto__', competitors: ['$x', `🚀 ${long}`, 'monday.com', '</Widths>\u0000'] });
    const report = compareReport([10, 20], { tracker });
    const printed = await pdfText(await reportPdf(report, { now: NOW }));
    expect(printed).toContain('__proto__');
    expect(printed).toContain('$x');
    expect(printed).toContain('� monday.com');
    expect(printed).not.toContain('🦄');
  });
});

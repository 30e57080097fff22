/**
 * The report as a PDF (A4, pdfkit): title, tracker name, date range and generation time, a card per
 * name with the headline measure's figure, interval, sample and change, the comparison chart as a
 * PNG, the by-surface table, the top insights and the method. Every text is drawn in the bundled
 * DejaVu Sans after `drawable` (capped, controls dropped, glyphs the font lacks replaced), so no
 * name can break a line of it or the document. Linear in the report's size.
 */
import PDFDocument from 'pdfkit';
import type { Insights, Run, Tracker } from '@brandradar/contracts';
import { chartPng } from './chart';
import { reportContent, type FigureCard, type ReportContent, type TimeStyle } from './content';
import { drawable, FONT_FILES } from './fonts';

export interface PdfOptions {
  /** The top insights to print; null or absent leaves the section out. */
  insights?: Insights | null;
  /** The generation time printed (now unless given). */
  now?: Date;
  /** How dates are written: `en-GB` in `UTC` unless given. */
  locale?: string;
  timeZone?: string;
}

const MARGIN = 48;
const INK = '#1b1f24';
const MUTED = '#4a5360';
const RULE = '#d0d7de';
/** Characters of a name where it heads a card or a column, and of a line of text anywhere. */
const NAME_CHARS = 60;
const LINE_CHARS = 300;
const TITLE_CHARS = 120;
/** A column of the by-surface table is narrow with six names: its heading is cut sooner. */
const COLUMN_CHARS = 30;

type Doc = PDFKit.PDFDocument;

const text = (s: string, max = LINE_CHARS) => drawable(s, max);

/** A new page when fewer than `needed` points are left above the bottom margin. */
function room(doc: Doc, needed: number): void {
  if (doc.y + needed > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

function heading(doc: Doc, title: string): void {
  room(doc, 60);
  doc.moveDown(0.8).font('bold').fontSize(13).fillColor(INK).text(title, MARGIN).moveDown(0.3);
}

function header(doc: Doc, c: ReportContent): void {
  doc.font('bold').fontSize(18).fillColor(INK).text(text(c.trackerName, TITLE_CHARS));
  doc.font('body').fontSize(10).fillColor(MUTED).text(`Brand visibility report · ${c.range}`).text(`Generated ${c.generatedAt}`);
}

const CARD = { width: 159, height: 128, gap: 10 };

function card(doc: Doc, x: number, y: number, k: FigureCard): void {
  const inner = CARD.width - 16;
  doc.roundedRect(x, y, CARD.width, CARD.height, 4).lineWidth(0.8).strokeColor(RULE).stroke();
  const at = (dy: number) => ({ x: x + 8, y: y + dy });
  doc.font('bold').fontSize(9).fillColor(MUTED).text(text(k.name, NAME_CHARS), at(8).x, at(8).y, { width: inner, height: 11, ellipsis: true });
  doc.font('bold').fontSize(20).fillColor(INK).text(k.value, at(22).x, at(22).y, { width: inner, lineBreak: false });
  doc.font('body').fontSize(7.5).fillColor(MUTED).text(k.interval ?? 'No interval for this measure', at(48).x, at(48).y, { width: inner, height: 10, ellipsis: true });
  doc.text(k.sample, at(58).x, at(58).y, { width: inner, height: 20, ellipsis: true });
  const verdict = k.verdict === null ? 'No change stated' : k.verdict === 'significant' ? 'Significant' : k.verdict === 'within noise' ? 'Within noise' : 'No significance test';
  doc.font('bold').fontSize(8).fillColor(k.verdict === 'significant' ? '#0a5bb5' : INK).text(verdict, at(80).x, at(80).y, { width: inner, lineBreak: false });
  doc.font('body').fontSize(7.5).fillColor(MUTED).text(k.change, at(91).x, at(91).y, { width: inner, height: 30, ellipsis: true });
}

function cards(doc: Doc, c: ReportContent): void {
  if (c.cards.length === 0) {
    const why = c.chart ? 'No tracked name has a figure in the newest run.' : 'No finished run yet: run the tracker to see its figures here.';
    doc.font('body').fontSize(10).fillColor(INK).text(why, MARGIN);
    return;
  }
  const perRow = 3;
  let top = doc.y;
  c.cards.forEach((k, i) => {
    if (i % perRow === 0) {
      if (i > 0) doc.y = top + CARD.height + CARD.gap;
      room(doc, CARD.height);
      top = doc.y;
    }
    card(doc, MARGIN + (i % perRow) * (CARD.width + CARD.gap), top, k);
  });
  doc.y = top + CARD.height + CARD.gap;
  doc.x = MARGIN;
}

function chart(doc: Doc, c: ReportContent, style: TimeStyle): void {
  if (!c.chart) return;
  const width = doc.page.width - 2 * MARGIN;
  const png = chartPng(c.chart, { width: 640, scale: 2, ...style });
  const height = (png.readUInt32BE(20) / png.readUInt32BE(16)) * width;
  room(doc, height);
  doc.image(png, MARGIN, doc.y, { width });
  doc.y += height + 6;
}

function surfaces(doc: Doc, c: ReportContent): void {
  if (!c.surfaces) return;
  const { title, names, rows } = c.surfaces;
  heading(doc, title);
  const width = doc.page.width - 2 * MARGIN;
  const first = 90;
  const column = (width - first) / Math.max(1, names.length);
  const row = (cells: string[], font: 'body' | 'bold') => {
    room(doc, 30);
    const y = doc.y;
    doc.font(font).fontSize(7.5).fillColor(INK);
    const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: (i === 0 ? first : column) - 6 }));
    cells.forEach((cell, i) => doc.text(cell, MARGIN + (i === 0 ? 0 : first + (i - 1) * column), y, { width: (i === 0 ? first : column) - 6 }));
    doc.y = y + Math.max(...heights) + 4;
    doc.moveTo(MARGIN, doc.y - 2).lineTo(MARGIN + width, doc.y - 2).lineWidth(0.5).strokeColor(RULE).stroke();
  };
  row(['Surface', ...names.map((n) => text(n, COLUMN_CHARS))], 'bold');
  for (const r of rows) row([r.surface, ...r.cells], 'body');
  doc.x = MARGIN;
}

function insights(doc: Doc, c: ReportContent): void {
  if (c.insights.length === 0) return;
  heading(doc, 'Top insights');
  for (const list of c.insights) {
    room(doc, 40);
    doc.font('bold').fontSize(10).fillColor(INK).text(list.heading, MARGIN).moveDown(0.2);
    doc.font('body').fontSize(9).fillColor(INK).list(list.items.map((item) => text(item)), MARGIN + 6, undefined, { bulletRadius: 1.5, textIndent: 10 });
    doc.moveDown(0.5);
  }
}

/** The report (`GET /api/v1/trackers/:id/report`, newest run first) as a PDF document. */
export function reportPdf(report: { tracker: Tracker; runs: Run[] }, options: PdfOptions = {}): Promise<Buffer> {
  const style = { locale: options.locale ?? 'en-GB', timeZone: options.timeZone ?? 'UTC' };
  const now = options.now ?? new Date();
  const content = reportContent(report, options.insights ?? null, now, style);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: text(`${content.trackerName}: brand visibility report`, 200), Creator: 'brandradar', CreationDate: now },
  });
  doc.registerFont('body', FONT_FILES.regular);
  doc.registerFont('bold', FONT_FILES.bold);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  header(doc, content);
  heading(doc, content.measure ? `${content.measure}, newest run` : 'Figures');
  cards(doc, content);
  chart(doc, content, style);
  surfaces(doc, content);
  insights(doc, content);
  heading(doc, 'Method');
  doc.font('body').fontSize(9).fillColor(INK).text(content.method, MARGIN, undefined, { align: 'left' });
  doc.end();
  return done;
}

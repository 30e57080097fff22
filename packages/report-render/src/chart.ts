/**
 * The web app's comparison chart drawn outside the browser: the plot's shapes come from the web
 * app's own layout code (`plotShapes` of packages/web/src/chart-layout.ts, the one definition both
 * draw), written as an SVG string with a title and a legend above it (in the page those are HTML),
 * and rasterised to PNG by resvg with the bundled font only.
 */
import { Resvg } from '@resvg/resvg-js';
import { axisDate, markerPath, plotShapes, seriesStyle, type ComparisonSpec, type PlotShape } from '@brandradar/web/dist/chart-layout.js';
import { drawable, FONT_FAMILY, FONT_FILES } from './fonts';

export type { ComparisonSpec };

export interface ChartOptions {
  /** CSS pixels; the plot's height follows from it as in the page. 640 unless given. */
  width?: number;
  /** How the x axis writes dates: a BCP 47 locale and an IANA zone (`en-GB`, `UTC` unless given). */
  locale?: string;
  timeZone?: string;
}

/** Characters of a name in the legend: the page cuts a long one at 16rem, about this many. */
const LEGEND_NAME = 60;
const LEGEND_ROW = 20;
const TITLE = 24;

const escapeXml = (s: string) => s.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));

function written(shape: PlotShape): string {
  const attrs = Object.entries(shape.attrs)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  const inner = (shape.text === undefined ? '' : escapeXml(drawable(shape.text, 80))) + (shape.children ?? []).map(written).join('');
  return `<${shape.tag}${attrs}>${inner}</${shape.tag}>`;
}

/** The chart of `spec` as a standalone SVG document: title, legend (line, marker and name per series), then the plot. */
export function chartSvg(spec: ComparisonSpec, options: ChartOptions = {}): string {
  const width = options.width ?? 640;
  const { height: plotHeight, groups } = plotShapes(spec, width, axisDate(spec.runs, options.locale ?? 'en-GB', options.timeZone ?? 'UTC'));
  const legendTop = TITLE;
  const legend = spec.series.map((s, i) => {
    const style = seriesStyle(i);
    const y = legendTop + i * LEGEND_ROW + LEGEND_ROW / 2;
    const swatch: PlotShape[] = [
      { tag: 'line', attrs: { x1: 1, x2: 31, y1: y, y2: y, stroke: style.colour, 'stroke-width': 2.5, 'stroke-dasharray': style.dash || null } },
      { tag: 'path', attrs: { d: markerPath(style.shape, 16, y, 4), stroke: style.colour, 'stroke-width': 2, fill: style.shape === 'cross' ? 'none' : '#fff' } },
      { tag: 'text', attrs: { x: 40, y, dy: '0.32em', 'font-size': 13, fill: '#1b1f24' }, text: drawable(s.name, LEGEND_NAME) },
    ];
    return swatch.map(written).join('');
  });
  const top = legendTop + spec.series.length * LEGEND_ROW + 6;
  const height = top + plotHeight;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${FONT_FAMILY}">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    written({ tag: 'text', attrs: { x: 0, y: 16, 'font-size': 14, 'font-weight': 'bold', fill: '#1b1f24' }, text: spec.title }),
    ...legend,
    `<g transform="translate(0 ${top})">${groups.map(written).join('')}</g>`,
    '</svg>',
  ].join('');
}

/** The chart as a PNG: `scale` device pixels per CSS pixel (2 unless given: sharp in a PDF and on a high-density screen). */
export function chartPng(spec: ComparisonSpec, options: ChartOptions & { scale?: number } = {}): Buffer {
  const resvg = new Resvg(chartSvg(spec, options), {
    fitTo: { mode: 'zoom', value: options.scale ?? 2 },
    font: { loadSystemFonts: false, fontFiles: [FONT_FILES.regular, FONT_FILES.bold], defaultFontFamily: FONT_FAMILY },
  });
  return resvg.render().asPng();
}

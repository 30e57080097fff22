/** The report drawn outside the browser (the PDF response, the weekly digest's chart). */
export { chartPng, chartSvg, type ComparisonSpec } from './chart';
export { reportChart } from './spec';
export { reportContent } from './content';
export { reportPdf } from './pdf';

/**
 * The report page's "Download PDF": the report of the runs the page loads as the API renders it
 * (`Accept: application/pdf`), saved as `report-<id>.pdf`, to forward to someone without an account.
 */
import { api } from './api.js';
import { h, saveFile } from './dom.js';
import type { View } from './view.js';

export function pdfButton(view: View, trackerId: string, runs: number): HTMLButtonElement {
  const download = async () => {
    saveFile(await api.reportPdf(trackerId, runs), `report-${trackerId}.pdf`, 'application/pdf');
    return 'The report was saved as a PDF.';
  };
  return h('button', { class: 'secondary', on: { click: () => void view.act(download) } }, 'Download PDF');
}

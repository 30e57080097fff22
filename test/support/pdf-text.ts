/**
 * A PDF read back as text by Debian's pdftotext (poppler-utils, installed through `aptInstall` when
 * missing): a reader independent of the library that wrote the PDF, run as a process, so the tests
 * need no ES-module build of a JavaScript PDF reader inside jest.
 */
import { execFileSync } from 'node:child_process';
import { ensurePdftotext } from '@brandradar/devstack';

/** The text of every page in the order it is drawn (`-raw`: a card's lines together, not a row of cards line by line), every run of white space (line ends too) made one space: a wrapped line reads as one. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const bin = await ensurePdftotext();
  const out = execFileSync(bin, ['-raw', '-enc', 'UTF-8', '-', '-'], { input: pdf, maxBuffer: 64 * 1024 * 1024 });
  return out.toString('utf8').replace(/\s+/g, ' ');
}

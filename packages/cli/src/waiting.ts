/** Waiting for a run or a reanalysis to end, its progress on standard error. */
import { BrandradarWaitTimeoutError, isFinished, isReanalysisFinished, type BrandradarClient, type Reanalysis, type Run } from '@brandradar/client';
import { EXIT } from './exit';
import { reanalysisLine, runProgressLine } from './output';
import { jsonText, progressLines, type Io } from './io';

/** Polls a run to its end, showing progress on standard error; exit 3 when it ended FAILED. */
export async function waitForRun(io: Io, client: BrandradarClient, started: Run, asJson: boolean): Promise<number> {
  const progress = progressLines(io);
  const show = (run: Run) => progress.show(runProgressLine(run));
  show(started);
  const run = isFinished(started) ? started : await client.waitForRun(started.trackerId, started.id, { onProgress: show });
  progress.end();
  io.stdout.write(asJson ? jsonText({ run }) : `${runProgressLine(run)}\n`);
  return run.status === 'FAILED' ? EXIT.failed : EXIT.ok;
}

/** Polls a reanalysis to its end as waitForRun does a run; exit 5, saying how to wait again, when it is still going at the client's timeout. */
export async function waitForReanalysis(io: Io, client: BrandradarClient, started: Reanalysis, requestToken: string, asJson: boolean): Promise<number> {
  const progress = progressLines(io);
  const show = (job: Reanalysis) => progress.show(reanalysisLine(job));
  show(started);
  let job: Reanalysis;
  try {
    job = isReanalysisFinished(started) ? started : await client.waitForReanalysis(started.trackerId, started.id, { onProgress: show });
  } catch (error) {
    if (!(error instanceof BrandradarWaitTimeoutError)) throw error;
    progress.end();
    io.stderr.write(`brandradar: gave up waiting: the reanalysis is ${error.message}; it goes on. Wait again: ${followReanalysis(started.trackerId, requestToken)}\n`);
    return EXIT.gaveUpWaiting;
  }
  progress.end();
  io.stdout.write(asJson ? jsonText({ reanalysis: job }) : `${reanalysisLine(job)}\n`);
  return job.status === 'FAILED' ? EXIT.failed : EXIT.ok;
}

/** The command that waits for a reanalysis, which `trackers reanalyze` and `insights add` print. */
export const followReanalysis = (trackerId: string, requestToken: string) => `brandradar trackers reanalyze ${trackerId} --request-token ${requestToken} --wait`;

import { simulateCalibration, type CalibrationDesign, type CalibrationOptions, type FlaggedShare } from '@brandradar/analysis';
import { reportFigures } from '../support/bench-figures';

/** Pairs of unchanged runs per design and kind of null (default 2,500, about 5 minutes); pairs with a real change get a fifth. */
const PAIRS = Number(process.env.BENCH_CALIBRATION_PAIRS ?? 2_500);
const SEED = 2026_11_28;

/**
 * The calibration of the delta's test of a rate (issue 31): over simulated pairs of runs of 30
 * prompts × 3 surfaces, the share flagged `significant` when nothing changed (at most 5% if the
 * test is calibrated), for the delta's test and for Fisher's exact test on answers taken as
 * independent (the delta's test before cells were modelled), and the share flagged when the mean
 * mention probability rose 15 points (power). Through the metrics after detection, then the
 * issue's case once more through answer texts and `computeMetrics`, to show it is the same.
 */
it('calibration of the change test of a rate', () => {
  const lines = [
    `bench: delta of the mention rate, 30 prompts × 3 surfaces; ${PAIRS} unchanged pairs and ${PAIRS / 5} pairs with +15 points per row; flagged share (95% interval), new test | today's test`,
    `  ${'samples'.padEnd(8)}${'ρ'.padEnd(5)}${'μ'.padEnd(5)}${'null, same cells'.padEnd(44)}${'null, redrawn cells'.padEnd(44)}${'power, same cells'.padEnd(22)}power, redrawn cells`,
  ];
  for (const samples of [1, 3, 10]) {
    for (const icc of [0.2, 0.5]) {
      for (const mean of [0.3, 0.5]) {
        const design: CalibrationDesign = { prompts: 30, surfaces: 3, samples, mean, icc };
        const run = (cells: CalibrationOptions['cells'], change: number) =>
          simulateCalibration({ design, pairs: change === 0 ? PAIRS : PAIRS / 5, seed: SEED, change, cells, via: 'detections' }).overall;
        const both = (r: ReturnType<typeof run>) => `${withInterval(r.newTest)} | ${withInterval(r.todaysTest)}`;
        const power = (r: ReturnType<typeof run>) => `${percent(r.newTest.share)} | ${percent(r.todaysTest.share)}`;
        lines.push(
          `  ${String(samples).padEnd(8)}${String(icc).padEnd(5)}${String(mean).padEnd(5)}${both(run('same', 0)).padEnd(44)}${both(run('redrawn', 0)).padEnd(44)}${power(run('same', 0.15)).padEnd(22)}${power(run('redrawn', 0.15))}`,
        );
      }
    }
  }
  const design: CalibrationDesign = { prompts: 30, surfaces: 3, samples: 3, mean: 0.5, icc: 0.5 };
  const pairs = PAIRS / 5;
  const viaAnswers = simulateCalibration({ design, pairs, seed: SEED, change: 0, cells: 'redrawn', via: 'answers' });
  lines.push(
    `  through answer texts and computeMetrics, 3 samples, ρ 0.5, μ 0.5, null with redrawn cells, ${pairs} pairs: ${withInterval(viaAnswers.overall.newTest)} | ${withInterval(viaAnswers.overall.todaysTest)}; per surface (30 cells) ${withInterval(viaAnswers.perSurface.newTest)} | ${withInterval(viaAnswers.perSurface.todaysTest)}`,
  );
  reportFigures('calibration', lines);
});

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function withInterval({ share, interval }: FlaggedShare): string {
  return `${percent(share)} (${percent(interval.low)}–${percent(interval.high)})`;
}

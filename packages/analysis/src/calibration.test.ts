import { seededRandom, simulateCalibration, simulateRunPair, type CalibrationDesign } from './calibration';

/** The case: 30 prompts × 3 surfaces, each asked 3 times; answers of a cell correlated by 0.5. */
const design: CalibrationDesign = { prompts: 30, surfaces: 3, samples: 3, mean: 0.5, icc: 0.5 };

describe('simulateCalibration (the full grid: test/bench/calibration.bench.ts)', () => {
  // Through the metrics after detection, about 20 times faster than detecting each answer's text;
  // the next test shows both give the same metrics.
  it('unchanged runs whose cells are redrawn: the delta flags at most 5%, where Fisher on answers flags three times that', () => {
    const { overall, perSurface } = simulateCalibration({ design, pairs: 2000, seed: 31, change: 0, cells: 'redrawn', via: 'detections' });
    expect(overall.newTest.comparisons).toBe(2000);
    expect(overall.newTest.share).toBeLessThanOrEqual(0.05);
    expect(perSurface.newTest.share).toBeLessThanOrEqual(0.05);
    expect(overall.todaysTest.share).toBeGreaterThan(0.1);
    expect(overall.todaysTest.share).toBeGreaterThan(2 * overall.newTest.share);
  });

  it('unchanged runs of the same prompts: the delta flags at most 5%', () => {
    // Fewer pairs: here even Fisher on answers is conservative (the cells' differences cancel between runs).
    const { overall } = simulateCalibration({ design, pairs: 500, seed: 32, change: 0, cells: 'same', via: 'detections' });
    expect(overall.newTest.share).toBeLessThanOrEqual(0.05);
  });

  it('a rise of 15 points in the mention rate is flagged in most pairs', () => {
    const { overall } = simulateCalibration({ design, pairs: 200, seed: 33, change: 0.15, cells: 'same', via: 'detections' });
    expect(overall.newTest.share).toBeGreaterThan(0.7);
  });

  it('is the same whatever the seed gives, and reproducible from it', () => {
    const options = { design: { ...design, prompts: 3 }, pairs: 50, seed: 7, change: 0, cells: 'redrawn' as const, via: 'detections' as const };
    expect(simulateCalibration(options)).toEqual(simulateCalibration(options));
  });
});

describe('simulateRunPair', () => {
  it('answer texts through computeMetrics and their detections through the metrics after detection give the same metrics', () => {
    const options = { design: { ...design, prompts: 4 }, change: 0.15, cells: 'redrawn' as const };
    const viaAnswers = simulateRunPair({ ...options, via: 'answers' }, seededRandom(5));
    const viaDetections = simulateRunPair({ ...options, via: 'detections' }, seededRandom(5));
    expect(viaAnswers).toEqual(viaDetections);
    expect(viaAnswers[0].answers).toBe(4 * 3 * 3);
  });

  it('draws cells with the given mean and correlation', () => {
    // Mention rate over many pairs ≈ μ; stability ≈ P(3 draws agree) = E[p³ + (1 − p)³] for p ~ Beta.
    const random = seededRandom(9);
    let mentioned = 0;
    let answers = 0;
    for (let i = 0; i < 200; i++) {
      const [, previous] = simulateRunPair({ design: { ...design, mean: 0.3 }, change: 0, cells: 'same', via: 'detections' }, random);
      mentioned += previous.brands[0]!.mentions;
      answers += previous.answers;
    }
    expect(mentioned / answers).toBeCloseTo(0.3, 2);
  });
});

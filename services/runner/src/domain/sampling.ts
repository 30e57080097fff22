import { samplingOf, type Surface, type TrackerDefinition } from '@brandradar/contracts';
import type { AnswerRecord } from './run';

/**
 * Which answers a run asks for (api-contract §10). A prompt × surface cell gets `samplesPerPrompt`
 * answers (`fixed`), or 2 first (1 when `samplesPerPrompt` is 1) and the rest only when those
 * disagree on whether a tracked name is mentioned (`adaptive`).
 */

/**
 * A place for one answer in a run's results: prompt by prompt, in the order of the run's models,
 * and by sample within a model.
 */
export interface AnswerSlot {
  /** `(promptIndex × models + model index) × samples + sample − 1`: the order of the results, and the cursor of answer pages. */
  index: number;
  promptIndex: number;
  surface: Surface;
  /** 1-based. */
  sample: number;
  /** The slot's key in `RunState.outcomes`. */
  key: string;
}

/** Every answer a run of `d` may ask for (an adaptive run asks for some of them). */
export function answerSlots(d: Pick<TrackerDefinition, 'prompts' | 'models' | 'samplesPerPrompt'>): AnswerSlot[] {
  const { samplesPerPrompt } = samplingOf(d);
  return d.prompts.flatMap((_, promptIndex) =>
    d.models.flatMap((surface, m) =>
      Array.from({ length: samplesPerPrompt }, (_, s) => ({
        index: (promptIndex * d.models.length + m) * samplesPerPrompt + s,
        promptIndex,
        surface,
        sample: s + 1,
        key: answerKey(promptIndex, surface, s + 1),
      })),
    ),
  );
}

/** A first sample keeps the key slots had before samples existed, so runs stored then read the same. */
function answerKey(promptIndex: number, surface: Surface, sample: number): string {
  return sample === 1 ? `p${promptIndex}_${surface}` : `p${promptIndex}_${surface}_${sample}`;
}

/** One prompt × surface: its slots, sample 1 first. */
export interface AnswerCell {
  promptIndex: number;
  surface: Surface;
  slots: AnswerSlot[];
}

export function answerCells(d: Pick<TrackerDefinition, 'prompts' | 'models' | 'samplesPerPrompt'>): AnswerCell[] {
  const { samplesPerPrompt } = samplingOf(d);
  const slots = answerSlots(d);
  const cells: AnswerCell[] = [];
  for (let i = 0; i < slots.length; i += samplesPerPrompt) {
    const first = slots[i]!;
    cells.push({ promptIndex: first.promptIndex, surface: first.surface, slots: slots.slice(i, i + samplesPerPrompt) });
  }
  return cells;
}

/** How many samples of each cell a run asks for before it knows whether the cell's answers agree. */
export function samplesAskedFirst(d: Pick<TrackerDefinition, 'samplesPerPrompt' | 'samplingMode'>): number {
  const { samplesPerPrompt, samplingMode } = samplingOf(d);
  return samplingMode === 'fixed' ? samplesPerPrompt : Math.min(2, samplesPerPrompt);
}

/** 2 when a run asks some samples only after seeing a cell's first ones (adaptive), else 1. */
export function askingPhases(d: Pick<TrackerDefinition, 'samplesPerPrompt' | 'samplingMode'>): number {
  return samplesAskedFirst(d) < samplingOf(d).samplesPerPrompt ? 2 : 1;
}

/**
 * Whether a cell's succeeded answers disagree on whether some tracked name is mentioned (citations:
 * whether the tracked URL is cited), which makes an adaptive run ask the cell's other samples. With
 * fewer than two succeeded answers there is no disagreement to see.
 */
export function answersDisagree(answers: readonly Pick<AnswerRecord, 'status' | 'metrics'>[]): boolean {
  const readings = answers.filter((a) => a.status === 'succeeded').map((a) => mentionReading(a.metrics));
  return readings.some((r) => r !== readings[0]);
}

/** What an answer says about the tracked names, as one comparable string: `1` mentioned, `0` not, in tracker order. */
function mentionReading(metrics: AnswerRecord['metrics']): string {
  if (metrics?.brands) return metrics.brands.map((b) => (b.mentioned ? '1' : '0')).join('');
  return metrics?.citesUrl ? '1' : '0';
}

/**
 * The slots a run asked for, by its outcomes: every slot asked first (one it never got counts as
 * failed once the run ends), and each later sample that was asked.
 */
export function askedSlots(d: Pick<TrackerDefinition, 'prompts' | 'models' | 'samplesPerPrompt' | 'samplingMode'>, outcomes: Readonly<Record<string, unknown>>): AnswerSlot[] {
  const first = samplesAskedFirst(d);
  return answerSlots(d).filter((slot) => slot.sample <= first || outcomes[slot.key] !== undefined);
}

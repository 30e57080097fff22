import type { EvalLabel, Sentiment } from '../types';

/** A name the answer mentions, at `position` (null: mentioned but unplaced). */
export const at = (name: string, position: number | null, sentiment?: Sentiment): EvalLabel =>
  sentiment === undefined ? { name, mentioned: true, position } : { name, mentioned: true, position, sentiment };

/** A name the answer does not mention (the word may be there in its ordinary sense). */
export const absent = (name: string): EvalLabel => ({ name, mentioned: false, position: null });

import { isMentioned } from '../mentions';
import { positions } from '../position';
import type { Detector } from './score';

/** The detector under evaluation: the one runs use. */
export const detectForEval: Detector = (text, names) => {
  const places = positions(text, names.map((n) => n.name));
  return names.map((n, i) => ({ mentioned: isMentioned(text, n.name), position: places[i] ?? null }));
};

import { detectBrands } from '../detect';
import type { Detector } from './score';

/** The detector under evaluation: the one runs use. */
export const detectForEval: Detector = (text, names) => detectBrands(text, names);

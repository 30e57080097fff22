import { detectBrands } from '@brandradar/analysis';
import type { Detector } from './score';

/** The detector under evaluation: the one runs use. */
export const detectForEval: Detector = (text, names) => detectBrands(text, names);

/** The AI surfaces as users know them, shared by the tracker form and the breakdowns. */
import type { Surface } from '@brandradar/contracts';

/** The surfaces' names as users know them, in the order the tracker form lists them. */
export const SURFACE_NAMES: ReadonlyArray<readonly [Surface, string]> = [
  ['chatgpt', 'ChatGPT'],
  ['claude', 'Claude'],
  ['perplexity', 'Perplexity'],
  ['gemini', 'Gemini'],
  ['google_ai_overview', 'Google AI Overviews'],
];
export const surfaceName = (s: Surface): string => SURFACE_NAMES.find(([id]) => id === s)?.[1] ?? s;

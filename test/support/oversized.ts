import { MAX_URL_CHARS } from '@brandradar/contracts';
import { startSurfacePeers, type PeerAnswer, type SurfacePeers } from './peers/providers';

/**
 * More than a run may keep: 30,000+ characters of text with quotes, backslashes, emoji and control
 * characters, and 35 citations with long titles, every seventh with a URL longer than allowed.
 */
function oversizedAnswer(prompt: string): PeerAnswer {
  const line = `1. Alpha "the leader" \\ C:\\path \u{1F680}\u{1F1FA}\u{1F1F8} \u0007bell \u0000nul \u001b[31mred\u001b[0m caf\u00E9 e\u0301 \u05E9\u05DC\u05D5\u05DD for ${prompt}\n`;
  return {
    text: `${line}2. Beta is second.\n${line.repeat(Math.ceil(30_000 / line.length))}`,
    citations: Array.from({ length: 35 }, (_, i) => ({
      url: `https://source${i}.example.com/${'a'.repeat(i % 7 === 6 ? MAX_URL_CHARS : 1_900)}?n=${i}`,
      title: `Source ${i} "quoted" \\ ${'t'.repeat(400)}`,
    })),
  };
}

/** The largest run a tracker can ask for: 30 prompts × all 5 surfaces. */
export const MAX_TRACKER = {
  name: 'Max',
  cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'rankings',
  prompts: Array.from({ length: 30 }, (_, i) => `best tools for team ${i}`),
  competitors: ['Alpha', 'Beta'],
  models: ['chatgpt', 'claude', 'perplexity', 'gemini', 'google_ai_overview'],
};

export type OversizedPeers = SurfacePeers;

/** A protocol peer for each of the five surfaces, each answering {@link oversizedAnswer}. */
export function startOversizedPeers(): Promise<OversizedPeers> {
  return startSurfacePeers({ answer: oversizedAnswer });
}

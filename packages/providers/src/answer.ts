import { z } from 'zod';
import { Surface, Timestamp } from '@brandradar/contracts';

/** Who produced an answer: the real API behind a surface, or the local simulation (api-contract §9). */
const PROVIDER_NAMES = ['openai', 'anthropic', 'google', 'perplexity', 'serpapi', 'simulated'] as const;
export const ProviderName = z.enum(PROVIDER_NAMES);
export type ProviderName = z.infer<typeof ProviderName>;

export const Citation = z.object({
  url: z.string().min(1),
  title: z.string().nullable(),
});
export type Citation = z.infer<typeof Citation>;

/** A page the surface retrieved while answering, cited or not (api-contract §14). @alias */
export const ConsultedSource = Citation;
export type ConsultedSource = Citation;

/** One surface's answer to one prompt, whichever provider produced it. */
export const Answer = z.object({
  surface: Surface,
  provider: ProviderName,
  /** The model id the provider reported (`simulated-<surface>` for the simulation). */
  model: z.string().min(1),
  /** `api`: a model API; `serp`: read from a search engine results page. */
  method: z.enum(['api', 'serp']),
  text: z.string(),
  /** The client cut the provider's text short (it stops reading past a size no real answer reaches). */
  truncated: z.boolean().default(false),
  citations: z.array(Citation),
  /** The web searches the surface ran for this answer, in order, as its API reports them; [] when none or unreported (api-contract §14). */
  searchQueries: z.array(z.string()).default([]),
  /** The pages the surface retrieved for this answer, cited or not; null where its API does not say (api-contract §14). */
  consultedSources: z.array(ConsultedSource).nullable().default(null),
  /** The provider was asked for the caller's country and its API honours one (api-contract §12). */
  localised: z.boolean().default(false),
  fetchedAt: Timestamp,
});
export type Answer = z.infer<typeof Answer>;

/**
 * Which answer of a prompt × surface cell this is: the run and the 1-based sample (api-contract §10).
 * Live providers ignore it; the simulation draws its answer from it, reproducibly.
 */
export type AnswerDraw = { runId: string; sample: number };

type AskOptions = { signal?: AbortSignal; country?: string; draw?: AnswerDraw };
/**
 * `account`: whose call it is, for the fair share of the surface's slots (never sent to the provider).
 * `simulated`: answered by the simulation whatever key is set (an account that is simulated).
 */
export type AskSurface = (surface: Surface, prompt: string, opts: AskOptions & { account: string; simulated?: boolean }) => Promise<Answer>;

/**
 * What a client reads from its provider; the factory adds the labels and the time. `localised`:
 * the client sent the caller's country in a parameter its provider documents (each client decides
 * from its own request; the factory passes it on).
 */
export type ClientAnswer = {
  model: string;
  text: string;
  truncated?: boolean;
  citations: Citation[];
  /** Omitted: the API reports none ([]). */
  searchQueries?: string[];
  /** Omitted: the API does not say (null). */
  consultedSources?: ConsultedSource[] | null;
  localised: boolean;
};

/** One provider behind one surface. `signal` always carries the per-call timeout. */
export type SurfaceClient = {
  provider: ProviderName;
  method: Answer['method'];
  ask(prompt: string, opts: { signal: AbortSignal; country?: string; draw?: AnswerDraw }): Promise<ClientAnswer>;
};

/** Drops repeated URLs (providers cite one source for several passages), keeping the first title seen. */
export function uniqueCitations(citations: readonly Citation[]): Citation[] {
  const byUrl = new Map<string, Citation>();
  for (const c of citations) if (!byUrl.has(c.url)) byUrl.set(c.url, c);
  return [...byUrl.values()];
}

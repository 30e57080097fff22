import { createHash } from 'node:crypto';
import { resolveSurfaces, type ContentBriefEcho, type ContentBriefInput, type Surface } from '@brandradar/contracts';

const DEFAULT_COUNTRY = 'us';

/** A validated request with its defaults applied: what the steps work from. */
export interface BriefRequest {
  topic: string;
  audience: string | null;
  brand: string | null;
  goal: string | null;
  /** Lower-case ISO 3166-1 alpha-2. */
  country: string;
  surfaces: Surface[];
  echo: ContentBriefEcho;
}

export function briefRequest(input: ContentBriefInput): BriefRequest {
  const country = (input.country ?? DEFAULT_COUNTRY).toLowerCase();
  const surfaces = resolveSurfaces(input);
  return {
    topic: input.topic,
    audience: input.audience ?? null,
    brand: input.brand ?? null,
    goal: input.goal ?? null,
    country,
    surfaces,
    // The submitted fields as sent (key order of the contract), the defaults filled in.
    echo: {
      topic: input.topic,
      ...(input.audience !== undefined && { audience: input.audience }),
      ...(input.brand !== undefined && { brand: input.brand }),
      ...(input.goal !== undefined && { goal: input.goal }),
      country,
      models: surfaces,
      ...(input.fullSweep !== undefined && { fullSweep: input.fullSweep }),
    },
  };
}

/**
 * Identifies a request body for idempotency: equal bodies give equal
 * fingerprints whatever their key order, so a retry is recognised, and any
 * changed value (even `US` for `us`) counts as a different request.
 */
export function requestFingerprint(input: ContentBriefInput): string {
  return createHash('sha256').update(canonicalJson(input)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

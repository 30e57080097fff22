import { z } from 'zod';
import { Cadence, canonicalTimeZone } from './cadence';
import { DEFAULT_SURFACES, MAX_URL_CHARS, Micro, Surface, Timestamp, userText } from './common';

export const PRIMITIVES = ['rankings', 'compare', 'citations', 'sentiment'] as const;
export const Primitive = z.enum(PRIMITIVES).meta({ id: 'Primitive', description: 'What a tracker measures; exactly one.' });
export type Primitive = z.infer<typeof Primitive>;

export const TrackerStatus = z.enum(['DRAFT', 'ACTIVE', 'PAUSED']).meta({ id: 'TrackerStatus' });
export type TrackerStatus = z.infer<typeof TrackerStatus>;

export const PAUSE_REASONS = ['cost_above_maximum', 'insufficient_credits', 'spend_limit_reached', 'account_closed', 'invalid_definition', 'invalid_schedule'] as const;
export const PauseReason = z.enum(PAUSE_REASONS).meta({
  id: 'PauseReason',
  description: 'Why the service paused a tracker by itself; `null` when not paused automatically (a manual pause leaves it null).',
});
export type PauseReason = z.infer<typeof PauseReason>;

export const LIMITS = {
  trackersPerAccount: 25,
  promptsPerTracker: 30,
  promptLength: 2000,
  /** Google AI Overviews accepts shorter queries. */
  promptLengthGoogleAiOverview: 700,
  competitors: 20,
  /** Other names per tracked name (aliases), each 1–100 characters. */
  aliasesPerName: 5,
} as const;

const TrackerName = userText(100);
const BrandName = userText(100);

/**
 * Other names that count as one tracked name. A list of `{name, aliases}`, never an object keyed
 * by the name: names are caller data (`monday.com`, `__proto__`) and never become keys.
 */
export const NameAliases = z
  .object({
    name: BrandName.meta({ description: 'The brand or one of the competitors, exactly as listed.' }),
    aliases: z.array(BrandName).min(1).max(LIMITS.aliasesPerName).meta({ description: `1–${LIMITS.aliasesPerName} other names, each 1–100 characters.` }),
  })
  .strict()
  .meta({ id: 'NameAliases' });
export type NameAliases = z.infer<typeof NameAliases>;

/**
 * Which optional fields each primitive uses (api-contract §2). `forbidden`
 * means the key must be absent: a present key, even `null` or `[]`, is rejected.
 */
export const PRIMITIVE_FIELDS: Record<Primitive, { brand: 'required' | 'forbidden'; competitors: 'required' | 'forbidden'; url: 'optional' | 'forbidden' }> = {
  rankings: { brand: 'forbidden', competitors: 'required', url: 'forbidden' },
  compare: { brand: 'required', competitors: 'required', url: 'forbidden' },
  citations: { brand: 'forbidden', competitors: 'forbidden', url: 'optional' },
  sentiment: { brand: 'required', competitors: 'forbidden', url: 'forbidden' },
};

const definitionShape = {
  name: TrackerName,
  cadence: Cadence,
  primitive: Primitive,
  prompts: z.array(userText(LIMITS.promptLength)).min(1).max(LIMITS.promptsPerTracker),
  models: z.array(Surface).min(1).max(5).meta({ description: 'AI surfaces asked every prompt; omit on create for chatgpt, perplexity, gemini.' }),
  brand: BrandName.nullable().meta({ description: 'Your brand; `compare` and `sentiment` only.' }),
  competitors: z.array(BrandName).meta({ description: '1–20 unique names; `rankings` and `compare` only.' }),
  url: z.string().max(MAX_URL_CHARS).nullable().meta({ description: `Absolute http(s) URL of at most ${MAX_URL_CHARS} characters whose citations to count; \`citations\` only, optional.` }),
  aliases: z.array(NameAliases).meta({
    description: `Other names that count as the brand or a competitor (\`[{"name": "Proton VPN", "aliases": ["ProtonVPN"]}]\`): one entry per tracked name at most, ${LIMITS.aliasesPerName} aliases each, unique (case-insensitive) and none equal to a tracked name. Not for \`citations\`. Optional; absent means none, also in a full update.`,
  }),
};

type Mode = 'create' | 'update';

function definitionRules(mode: Mode) {
  return (d: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const primitive = d.primitive as Primitive;
    const fields = PRIMITIVE_FIELDS[primitive];
    if (!fields) return;
    for (const key of ['brand', 'competitors', 'url'] as const) {
      const rule = fields[key];
      const present = Object.prototype.hasOwnProperty.call(d, key);
      if (rule === 'forbidden' && present) issue([key], `must not be sent for primitive ${primitive}`);
      if (rule === 'required' && (!present || d[key] === null)) issue([key], `required for primitive ${primitive}`);
      // A full replace names every field the primitive uses, its optional ones included.
      if (rule === 'optional' && mode === 'update' && !present) issue([key], `required in a full update for primitive ${primitive} (send null for none)`);
    }
    if (mode === 'update' && !Object.prototype.hasOwnProperty.call(d, 'models')) issue(['models'], 'required in a full update');

    const competitors = d.competitors as string[] | undefined;
    if (fields.competitors === 'required' && Array.isArray(competitors)) {
      if (competitors.length < 1 || competitors.length > LIMITS.competitors) issue(['competitors'], `must list 1 to ${LIMITS.competitors} names`);
      const seen = new Set<string>();
      competitors.forEach((c, i) => {
        const key = c.trim().toLowerCase();
        if (seen.has(key)) issue(['competitors', i], 'duplicates another competitor');
        seen.add(key);
        if (typeof d.brand === 'string' && key === d.brand.trim().toLowerCase()) issue(['competitors', i], 'must not be the brand itself');
      });
    }

    const models = Array.isArray(d.models) ? (d.models as Surface[]) : undefined;
    if (models && new Set(models).size !== models.length) issue(['models'], 'must not repeat a surface');
    const maxPrompt = (models ?? DEFAULT_SURFACES).includes('google_ai_overview') ? LIMITS.promptLengthGoogleAiOverview : LIMITS.promptLength;
    const prompts = Array.isArray(d.prompts) ? (d.prompts as string[]) : [];
    const seenPrompts = new Set<string>();
    prompts.forEach((p, i) => {
      if (p.length > maxPrompt) issue(['prompts', i], `must be at most ${maxPrompt} characters when google_ai_overview is among the models`);
      if (seenPrompts.has(p.trim())) issue(['prompts', i], 'duplicates another prompt');
      seenPrompts.add(p.trim());
    });

    if (typeof d.url === 'string' && !isHttpUrl(d.url)) issue(['url'], 'must be an absolute http(s) URL');
    if (Array.isArray(d.aliases)) aliasIssues(d.aliases as NameAliases[], fields.competitors === 'forbidden' && fields.brand === 'forbidden' ? null : trackedNamesOf(d), primitive, issue);
  };
}

function trackedNamesOf(d: Record<string, unknown>): string[] {
  return [...(typeof d.brand === 'string' ? [d.brand] : []), ...(Array.isArray(d.competitors) ? (d.competitors as string[]) : [])];
}

/** Aliases name tracked names only, each once, and stay distinct from every tracked name and each other. */
function aliasIssues(entries: NameAliases[], tracked: string[] | null, primitive: Primitive, issue: (path: (string | number)[], message: string) => void): void {
  if (tracked === null) return issue(['aliases'], `must not be sent for primitive ${primitive}`);
  const key = (s: string) => s.trim().toLowerCase();
  const names = new Set(tracked.map(key));
  const described = new Set<string>();
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    if (!tracked.includes(entry.name)) issue(['aliases', i, 'name'], 'must be the brand or one of the competitors, exactly as listed');
    if (described.has(entry.name)) issue(['aliases', i, 'name'], 'has aliases in an earlier entry');
    described.add(entry.name);
    entry.aliases.forEach((alias, k) => {
      if (names.has(key(alias))) issue(['aliases', i, 'aliases', k], 'must not equal a tracked name');
      else if (seen.has(key(alias))) issue(['aliases', i, 'aliases', k], 'duplicates another alias');
      seen.add(key(alias));
    });
  });
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const example = {
  name: 'CRM tools, US buyers',
  cadence: { frequency: 'weekly', timezone: 'America/New_York', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['best CRM for small business', 'HubSpot vs Salesforce for startups', 'which CRM is easiest to use'],
  brand: 'Acme CRM',
  competitors: ['HubSpot', 'Salesforce'],
};

const optionalFields = {
  ...definitionShape,
  models: definitionShape.models.optional(),
  brand: definitionShape.brand.optional(),
  competitors: definitionShape.competitors.optional(),
  url: definitionShape.url.optional(),
  aliases: definitionShape.aliases.optional(),
};

/** `POST /api/v1/trackers`. Fields the primitive does not use must be left out. */
export const CreateTrackerInput = z
  .object(optionalFields)
  .strict()
  .superRefine(definitionRules('create'))
  .meta({ id: 'CreateTrackerInput', example });
export type CreateTrackerInput = z.infer<typeof CreateTrackerInput>;

/** `PATCH /api/v1/trackers/:id`: a full replace; every field the primitive uses must be sent. */
export const UpdateTrackerInput = z
  .object(optionalFields)
  .strict()
  .superRefine(definitionRules('update'))
  .meta({ id: 'UpdateTrackerInput', example: { ...example, models: ['chatgpt', 'perplexity', 'gemini'] } });
export type UpdateTrackerInput = z.infer<typeof UpdateTrackerInput>;

/** A validated definition with every field filled in, as stored and shown. */
export interface TrackerDefinition {
  name: string;
  cadence: Cadence;
  primitive: Primitive;
  prompts: string[];
  models: Surface[];
  brand: string | null;
  competitors: string[];
  url: string | null;
  /** Absent in definitions stored before aliases existed: none. */
  aliases?: NameAliases[];
}

export function normalizeDefinition(input: CreateTrackerInput | UpdateTrackerInput): TrackerDefinition {
  return {
    name: input.name,
    cadence: { ...input.cadence, timezone: canonicalTimeZone(input.cadence.timezone) },
    primitive: input.primitive,
    prompts: input.prompts,
    models: input.models ?? [...DEFAULT_SURFACES],
    brand: input.brand ?? null,
    competitors: input.competitors ?? [],
    url: input.url ?? null,
    aliases: input.aliases ?? [],
  };
}

/** Re-checks a stored definition against today's rules (the scheduler pauses one that no longer passes). */
export function definitionIssues(d: TrackerDefinition): z.core.$ZodIssue[] {
  const fields = PRIMITIVE_FIELDS[d.primitive];
  const sent: Record<string, unknown> = { name: d.name, cadence: d.cadence, primitive: d.primitive, prompts: d.prompts, models: d.models };
  if (fields?.brand !== 'forbidden') sent.brand = d.brand;
  if (fields?.competitors !== 'forbidden') sent.competitors = d.competitors;
  if (fields?.url !== 'forbidden') sent.url = d.url;
  if (d.aliases && d.aliases.length > 0) sent.aliases = d.aliases;
  const parsed = UpdateTrackerInput.safeParse(sent);
  return parsed.success ? [] : parsed.error.issues;
}

export const Tracker = z
  .object({
    id: z.uuid(),
    name: z.string(),
    status: TrackerStatus,
    cadence: Cadence,
    primitive: Primitive,
    prompts: z.array(z.string()),
    brand: z.string().nullable(),
    competitors: z.array(z.string()),
    url: z.string().nullable(),
    // Defaulted so that events published before aliases existed still parse.
    aliases: z.array(NameAliases).default([]).meta({ description: 'Other names that count as the brand or a competitor; `[]` when none.' }),
    models: z.array(Surface),
    estimatedCostMicroPerRun: Micro.meta({ description: 'Cost of one run at current rates: prompts × the sum of the models’ rates.' }),
    maxCostMicroPerRun: Micro.nullable().meta({ description: 'The maximum accepted at activation; null until then.' }),
    nextRunAt: Timestamp.nullable(),
    lastRunAt: Timestamp.nullable(),
    pauseReason: PauseReason.nullable(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({
    id: 'Tracker',
    example: {
      id: '0b6f5a4e-8d2c-4a5b-9f1e-3c7d2a1b0e9f',
      ...example,
      status: 'DRAFT',
      models: ['chatgpt', 'perplexity', 'gemini'],
      url: null,
      aliases: [],
      estimatedCostMicroPerRun: 39000,
      maxCostMicroPerRun: null,
      nextRunAt: null,
      lastRunAt: null,
      pauseReason: null,
      createdAt: '2026-11-22T09:00:00.000Z',
      updatedAt: '2026-11-22T09:00:00.000Z',
    },
  });
export type Tracker = z.infer<typeof Tracker>;

export const ActivateTrackerInput = z
  .object({ maxCostMicroPerRun: Micro.meta({ description: 'Must equal the latest `estimatedCostMicroPerRun`, unchanged.' }) })
  .strict()
  .meta({ id: 'ActivateTrackerInput', example: { maxCostMicroPerRun: 39000 } });

export const ActivationResult = z
  .object({
    tracker: Tracker,
    balanceMicro: Micro,
    costMicroPerRun: Micro,
    runsDryAt: Timestamp.nullable().meta({
      description: 'When the first future run of your ACTIVE trackers (in time order, at current estimates) will no longer be covered by the balance; null if beyond 5 years.',
    }),
  })
  .meta({ id: 'ActivationResult' });
export type ActivationResult = z.infer<typeof ActivationResult>;

export const TrackerListQuery = z
  .object({
    status: TrackerStatus.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    cursor: z.string().min(1).max(500).optional().meta({ description: 'Opaque; from `nextCursor` of the previous page.' }),
  })
  .strict();
export type TrackerListQuery = z.infer<typeof TrackerListQuery>;

export const TrackerList = z.object({ trackers: z.array(Tracker), nextCursor: z.string().nullable() }).meta({ id: 'TrackerList' });

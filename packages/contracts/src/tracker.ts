import { z } from 'zod';
import { Cadence, canonicalTimeZone } from './cadence';
import { say } from './messages';
import { charCount, COUNTRY_CODE_ENUM, CountryCode, DEFAULT_SURFACES, HTTP_PROTOCOLS, LOWER_COUNTRY_CODES, MAX_URL_CHARS, Micro, nonBlankText, opaqueCursor, queryInteger, Surface, Timestamp, urlHostname, withoutRepeats } from './common';

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
  /** Answers per prompt × surface cell in one run (api-contract §10). */
  samplesPerPrompt: 10,
} as const;

const SAMPLING_MODES = ['fixed', 'adaptive'] as const;
export const SamplingMode = z.enum(SAMPLING_MODES).meta({
  id: 'SamplingMode',
  description:
    '`fixed`: every prompt × surface cell gets `samplesPerPrompt` answers. `adaptive`: each cell gets 2 answers first (1 when `samplesPerPrompt` is 1); a cell whose succeeded answers disagree on whether any tracked name is mentioned gets more, up to `samplesPerPrompt`.',
});
export type SamplingMode = z.infer<typeof SamplingMode>;

const SamplesPerPrompt = z
  .int()
  .min(1, { error: say((f) => `${f.must} be from 1 to ${LIMITS.samplesPerPrompt}.`) })
  .max(LIMITS.samplesPerPrompt, { error: say((f) => `${f.must} be from 1 to ${LIMITS.samplesPerPrompt}.`) })
  .meta({ description: `Answers asked per prompt on each surface in one run, 1–${LIMITS.samplesPerPrompt} (adaptive: at most this many). Optional; absent means 1, also in a full update.` });

const TrackerName = nonBlankText(100);
const BrandName = nonBlankText(100);

/**
 * Other names that count as one tracked name. A list of `{name, aliases}`, never an object keyed
 * by the name: names are caller data (`monday.com`, `__proto__`) and never become keys.
 */
export const NameAliases = z
  .object({
    name: BrandName.meta({ description: 'The brand or one of the competitors, exactly as listed.' }),
    aliases: z
      .array(BrandName)
      .min(1, `Add between 1 and ${LIMITS.aliasesPerName} other names.`)
      .max(LIMITS.aliasesPerName, `Add between 1 and ${LIMITS.aliasesPerName} other names.`)
      .meta({ description: `1–${LIMITS.aliasesPerName} other names, each 1–100 characters.` }),
  })
  .strict()
  .meta({ id: 'NameAliases' });
export type NameAliases = z.infer<typeof NameAliases>;

/**
 * Which optional fields each primitive uses (api-contract §2). `forbidden`
 * means the key must be absent: a present key, even `null` or `[]`, is rejected.
 * The request schemas below spell this table out, one variant per primitive.
 */
export const PRIMITIVE_FIELDS: Record<Primitive, { brand: 'required' | 'forbidden'; competitors: 'required' | 'forbidden'; url: 'optional' | 'forbidden' }> = {
  rankings: { brand: 'forbidden', competitors: 'required', url: 'forbidden' },
  compare: { brand: 'required', competitors: 'required', url: 'forbidden' },
  citations: { brand: 'forbidden', competitors: 'forbidden', url: 'optional' },
  sentiment: { brand: 'required', competitors: 'forbidden', url: 'forbidden' },
};

/** The message for a missing (or null) field the request must carry. */
const requiredAs = (words: string) => ({
  error: (issue: { input?: unknown; path?: readonly PropertyKey[] }) => (issue.input === undefined || issue.input === null ? say((f) => `${f.is} required ${words}.`)(issue) : undefined),
});

/** A field the primitive does not use: the key must be absent (`not: {}` in the document). */
const unused = (primitive: Primitive) =>
  z
    .never({ error: say((f) => `${f.is} not used by ${primitive} trackers; leave the field out.`) })
    .optional()
    .meta({ description: `Not used by \`${primitive}\`: leave the key out (even \`null\` or \`[]\` is refused).` });

const brandFor = (primitive: Primitive) => nonBlankText(100, requiredAs(`for ${primitive} trackers`)).meta({ description: 'Your brand, 1–100 characters.' });

const competitorsFor = (primitive: Primitive) =>
  // Repeats are the cross-field rules' to name, on the repeating item: one message for one mistake.
  z
    .array(BrandName, requiredAs(`for ${primitive} trackers`))
    .min(1, 'Add at least one competitor.')
    .max(LIMITS.competitors, `Add at most ${LIMITS.competitors} competitors.`)
    .meta({ uniqueItems: true })
    .meta({ description: `1–${LIMITS.competitors} names, each 1–100 characters, unique (also case-insensitively and in composed Unicode form, NFC) and none equal to \`brand\`.` });

// Repeats are the cross-field rules' to name, on the repeating item: one message for one mistake.
const Prompts = z
  .array(nonBlankText(LIMITS.promptLength))
  .min(1, 'Add at least one prompt.')
  .max(LIMITS.promptsPerTracker, `Add at most ${LIMITS.promptsPerTracker} prompts.`)
  .meta({ uniqueItems: true })
  .meta({
  description: `1–${LIMITS.promptsPerTracker} prompts, each 1–${LIMITS.promptLength} characters (1–${LIMITS.promptLengthGoogleAiOverview} when \`google_ai_overview\` is among the models), unique also after trimming and in composed Unicode form (NFC).`,
});

const CHOOSE_SURFACES = 'Choose between 1 and 5 surfaces.';
const models = (params?: ReturnType<typeof requiredAs>) =>
  withoutRepeats(z.array(Surface, params).min(1, CHOOSE_SURFACES).max(5, CHOOSE_SURFACES), 'Choose each surface once.').meta({
    description: '1–5 unique AI surfaces asked every prompt; omit on create for chatgpt, perplexity, gemini.',
  });

const httpUrl = (params?: ReturnType<typeof requiredAs>) =>
  z
    .string(params)
    .max(MAX_URL_CHARS, `URL must be at most ${MAX_URL_CHARS} characters.`)
    .refine(isHttpUrl, 'URL must be an absolute http(s) address, e.g. https://example.com.')
    .meta({ format: 'uri', pattern: '^[Hh][Tt][Tt][Pp][Ss]?://' });
const URL_DESCRIPTION = `Absolute http(s) URL of at most ${MAX_URL_CHARS} characters whose citations to count, or \`null\` for none.`;

export const TrackerAlerts = z
  .strictObject({
    significantChange: z.boolean().meta({
      description:
        'E-mail the account (and send the `run.significant_change` event) when a finished run’s delta flags a significant change of the brand; for `rankings`, of any tracked name; for `citations`, of the rates the tracked URL is cited at. Once per run, never for an insufficient sample.',
    }),
  })
  .meta({ id: 'TrackerAlerts' });
export type TrackerAlerts = z.infer<typeof TrackerAlerts>;
export const NO_ALERTS: TrackerAlerts = { significantChange: false };

const COUNTRY_DESCRIPTION =
  'ISO 3166-1 alpha-2 code of the market the prompts are asked for, passed to the surfaces that can localise (each answer says `localised`); case-insensitive, shown lower-case.';

const Aliases = z
  .array(NameAliases)
  .meta({
    description: `Other names that count as the brand or a competitor (\`[{"name": "Proton VPN", "aliases": ["ProtonVPN"]}]\`): one entry per tracked name at most, ${LIMITS.aliasesPerName} aliases each, unique (case-insensitive, NFC) and none equal to a tracked name. Optional; absent means none, also in a full update.`,
  })
  .optional();

/** `prompts` are shorter when Google AI Overviews is asked: the document states it with `if`/`then`. */
const GOOGLE_PROMPT_LIMIT = {
  if: { required: ['models'], properties: { models: { contains: { const: 'google_ai_overview' } } } },
  then: { properties: { prompts: { items: { maxLength: LIMITS.promptLengthGoogleAiOverview } } } },
};

/**
 * One request schema per primitive, discriminated by `primitive` (api-contract §2): each names the
 * fields its primitive uses and forbids the others, so validation and the API document are one
 * schema. `models` and `url` differ between a create and a full update, hence the parameters.
 */
function trackerDefinition<M extends z.ZodType, U extends z.ZodType>(id: string, fields: { models: M; url: U }) {
  const common = {
    name: TrackerName,
    cadence: Cadence,
    prompts: Prompts,
    models: fields.models,
    samplesPerPrompt: SamplesPerPrompt.optional(),
    samplingMode: SamplingMode.optional().meta({ description: 'Optional; absent means `fixed`, also in a full update.' }),
    alerts: TrackerAlerts.optional().meta({ description: 'Optional; absent means `{"significantChange": false}`, also in a full update.' }),
    country: CountryCode.nullable()
      .optional()
      .meta({ description: `${COUNTRY_DESCRIPTION} Optional; absent or null means none, also in a full update.`, enum: [...COUNTRY_CODE_ENUM, null] }),
  };
  const variant = <S extends z.ZodRawShape>(primitive: Primitive, shape: S) =>
    z.strictObject({ primitive: z.literal(primitive), ...common, ...shape }).meta({ id: `${id}_${primitive}`, ...GOOGLE_PROMPT_LIMIT });
  return z
    .discriminatedUnion('primitive', [
      variant('rankings', { brand: unused('rankings'), competitors: competitorsFor('rankings'), url: unused('rankings'), aliases: Aliases }),
      variant('compare', { brand: brandFor('compare'), competitors: competitorsFor('compare'), url: unused('compare'), aliases: Aliases }),
      variant('citations', { brand: unused('citations'), competitors: unused('citations'), url: fields.url, aliases: unused('citations') }),
      variant('sentiment', { brand: brandFor('sentiment'), competitors: unused('sentiment'), url: unused('sentiment'), aliases: Aliases }),
    ], { error: say((f) => `${f.must} be one of ${PRIMITIVES.join(', ')}.`) })
    .superRefine(crossFieldRules);
}

/**
 * How names compare for the uniqueness rules: case-insensitive, trimmed, and in Unicode's composed
 * form (NFC), so `Café` written with `é` and with `e` + U+0301 are one name, as a reader sees them.
 */
const nameKey = (s: string) => s.normalize('NFC').trim().toLowerCase();
/** How prompts compare: trimmed and composed (NFC); case matters, as it may to a surface. */
const promptKey = (s: string) => s.normalize('NFC').trim();

type Definition = { brand?: string; competitors?: string[]; prompts: string[]; models?: Surface[]; aliases?: NameAliases[]; primitive: Primitive };

/** The rules that relate fields to each other, which a JSON Schema cannot state (the field descriptions do). */
function crossFieldRules(d: Definition, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const seen = new Set<string>();
  (d.competitors ?? []).forEach((c, i) => {
    if (seen.has(nameKey(c))) issue(['competitors', i], 'This competitor repeats another.');
    seen.add(nameKey(c));
    if (d.brand !== undefined && nameKey(c) === nameKey(d.brand)) issue(['competitors', i], 'Competitors must differ from your brand.');
  });

  // Over 2000 characters the field's own limit has already said so.
  const googleAsked = (d.models ?? DEFAULT_SURFACES).includes('google_ai_overview');
  const seenPrompts = new Set<string>();
  d.prompts.forEach((p, i) => {
    const length = charCount(p);
    if (googleAsked && length > LIMITS.promptLengthGoogleAiOverview && length <= LIMITS.promptLength) {
      issue(['prompts', i], `This prompt must be at most ${LIMITS.promptLengthGoogleAiOverview} characters when Google AI Overviews is among the surfaces.`);
    }
    if (seenPrompts.has(promptKey(p))) issue(['prompts', i], 'This prompt repeats another.');
    seenPrompts.add(promptKey(p));
  });

  if (d.aliases) aliasIssues(d.aliases, [...(d.brand !== undefined ? [d.brand] : []), ...(d.competitors ?? [])], issue);
}

/** Aliases name tracked names only, each once, and stay distinct from every tracked name and each other. */
function aliasIssues(entries: NameAliases[], tracked: string[], issue: (path: (string | number)[], message: string) => void): void {
  const names = new Set(tracked.map(nameKey));
  const described = new Set<string>();
  const seen = new Set<string>();
  entries.forEach((entry, i) => {
    if (!tracked.includes(entry.name)) issue(['aliases', i, 'name'], 'Aliases must name the brand or one of the competitors, exactly as listed.');
    if (described.has(entry.name)) issue(['aliases', i, 'name'], 'This name has aliases in an earlier entry.');
    described.add(entry.name);
    entry.aliases.forEach((alias, k) => {
      if (names.has(nameKey(alias))) issue(['aliases', i, 'aliases', k], 'This alias is already a tracked name.');
      else if (seen.has(nameKey(alias))) issue(['aliases', i, 'aliases', k], 'This alias repeats another.');
      seen.add(nameKey(alias));
    });
  });
}

function isHttpUrl(s: string): boolean {
  return urlHostname(s, HTTP_PROTOCOLS) !== undefined;
}

const example = {
  name: 'CRM tools, US buyers',
  cadence: { frequency: 'weekly', timezone: 'America/New_York', time: '09:00', weekday: 1 },
  primitive: 'compare',
  prompts: ['best CRM for small business', 'HubSpot vs Salesforce for startups', 'which CRM is easiest to use'],
  brand: 'Acme CRM',
  competitors: ['HubSpot', 'Salesforce'],
};

/** `POST /api/v1/trackers`. Fields the primitive does not use must be left out; `models` may be. */
export const CreateTrackerInput = trackerDefinition('CreateTrackerInput', {
  models: models().optional(),
  url: httpUrl().nullable().optional().meta({ description: `${URL_DESCRIPTION} Optional.` }),
}).meta({ id: 'CreateTrackerInput', example });
export type CreateTrackerInput = z.infer<typeof CreateTrackerInput>;

/** `PATCH /api/v1/trackers/:id`: a full replace; every field the primitive uses must be sent. */
export const UpdateTrackerInput = trackerDefinition('UpdateTrackerInput', {
  models: models(requiredAs('in a full update')),
  url: httpUrl(requiredAs('in a full update of a citations tracker (send null for none)'))
    .nullable()
    .meta({ description: `${URL_DESCRIPTION} Required in a full update.` }),
}).meta({ id: 'UpdateTrackerInput', example: { ...example, models: ['chatgpt', 'perplexity', 'gemini'] } });
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
  /** Absent in definitions stored before samples existed: 1. */
  samplesPerPrompt?: number;
  /** Absent in definitions stored before samples existed: `fixed`. */
  samplingMode?: SamplingMode;
  /** Absent in definitions stored before alerts existed: none. */
  alerts?: TrackerAlerts;
  /** Lower-case; absent in definitions stored before markets existed: none. */
  country?: string | null;
}

/** How a definition samples, with the defaults of definitions stored before samples existed. */
export function samplingOf(d: Partial<Pick<TrackerDefinition, 'samplesPerPrompt' | 'samplingMode'>>): { samplesPerPrompt: number; samplingMode: SamplingMode } {
  return { samplesPerPrompt: d.samplesPerPrompt ?? 1, samplingMode: d.samplingMode ?? 'fixed' };
}

/**
 * The most answers one run of `d` asks for: every prompt on every surface, `samplesPerPrompt`
 * times (an adaptive run asks for at most this many). What the estimate, the hold and the deadline count.
 */
export function plannedAnswers(d: Pick<TrackerDefinition, 'prompts' | 'models' | 'samplesPerPrompt'>): number {
  return d.prompts.length * d.models.length * samplingOf(d).samplesPerPrompt;
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
    samplesPerPrompt: input.samplesPerPrompt ?? 1,
    samplingMode: input.samplingMode ?? 'fixed',
    alerts: input.alerts ?? NO_ALERTS,
    country: input.country?.toLowerCase() ?? null,
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
  Object.assign(sent, samplingOf(d));
  if (d.country) sent.country = d.country;
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
    // Defaulted so that events published before samples existed still parse.
    samplesPerPrompt: z.int().min(1).max(LIMITS.samplesPerPrompt).default(1).meta({ description: `Answers asked per prompt on each surface in one run (1–${LIMITS.samplesPerPrompt}; adaptive: at most).` }),
    samplingMode: SamplingMode.default('fixed'),
    // Defaulted so that events published before alerts and markets existed still parse.
    alerts: TrackerAlerts.default(NO_ALERTS),
    country: z
      .string()
      .nullable()
      .default(null)
      .meta({ description: `${COUNTRY_DESCRIPTION} \`null\` when none.`, enum: [...LOWER_COUNTRY_CODES, null] }),
    estimatedCostMicroPerRun: Micro.meta({
      description: 'Cost of one run at current rates if every answer succeeds: prompts × `samplesPerPrompt` × the sum of the models’ rates (adaptive runs usually bill less).',
    }),
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
      samplesPerPrompt: 1,
      samplingMode: 'fixed',
      alerts: { significantChange: false },
      country: null,
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

/** A list cursor: 30 base64url characters (the tracker service packs the last tracker's sort key into them). */
export const TrackerCursor = opaqueCursor(30);

export const TrackerListQuery = z
  .object({
    status: TrackerStatus.optional(),
    limit: queryInteger(1, 100).default(20),
    cursor: TrackerCursor.optional(),
  })
  .strict();
export type TrackerListQuery = z.infer<typeof TrackerListQuery>;

export const TrackerList = z.object({ trackers: z.array(Tracker), nextCursor: TrackerCursor.nullable() }).meta({ id: 'TrackerList' });

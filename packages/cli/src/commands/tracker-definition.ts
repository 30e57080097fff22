/** A tracker's definition as `trackers create` and `trackers update` take it: a JSON file, flags, or both. */
import type { CreateTrackerInput, SamplingMode, UpdateTrackerInput } from '@brandradar/client';
import { UsageError } from '../exit';
import { readJson, type Io } from '../io';
import { booleanOption, choice, exclusive, int, optional, repeatedOption, str, stringOption, strs, type Values } from '../options';

export const SAMPLING_OPTIONS = [stringOption('samples'), booleanOption('adaptive'), booleanOption('fixed')];
export const SAMPLING_DETAILS = [
  'These set or replace the file\'s fields:',
  '--samples N  samplesPerPrompt: answers per prompt on each surface in a run, 1–10',
  '--adaptive   samplingMode adaptive: 2 answers per prompt and surface first, the rest',
  '             only where they disagree on whether a tracked name is mentioned',
  '--fixed      samplingMode fixed (the default): always N answers',
];
/** The sampling fields the flags set; the gateway checks the range of N and says so. */
function sampling(values: Values): { samplesPerPrompt?: number; samplingMode?: SamplingMode } {
  exclusive(values, 'adaptive', 'fixed');
  const samplesPerPrompt = int(values, 'samples');
  const samplingMode = values.adaptive ? 'adaptive' : values.fixed ? 'fixed' : undefined;
  return { ...(samplesPerPrompt === undefined ? {} : { samplesPerPrompt }), ...(samplingMode ? { samplingMode } : {}) };
}

export const ALERTS_AND_COUNTRY_OPTIONS = [booleanOption('alert-significant-change'), stringOption('country')];
export const ALERTS_AND_COUNTRY_DETAILS = [
  '--alert-significant-change  alerts.significantChange: e-mail me when a run shows a',
  '                            significant change',
  '--country CC                country: the market the prompts are asked for (ISO 3166-1',
  '                            alpha-2, e.g. de); the surfaces that can localise do',
];
/** The alert and market fields the flags set; the gateway checks the country code and says so. */
function alertsAndCountry(values: Values): { alerts?: { significantChange: true }; country?: string } {
  const country = str(values, 'country');
  return { ...(values['alert-significant-change'] ? { alerts: { significantChange: true } } : {}), ...(country === undefined ? {} : { country }) };
}

/** The fields every definition command lets flags set, over those of its file. */
export const settingFlags = (values: Values) => ({ ...sampling(values), ...alertsAndCountry(values) });

/**
 * A tracker's definition from `--file` (`-`: standard input), with the fields the flags set
 * replacing the file's. Parsed JSON, unchecked: the gateway validates it and names each offending field.
 */
export async function definitionFromFile(io: Io, values: Values): Promise<UpdateTrackerInput> {
  const file = str(values, 'file');
  if (!file) throw new UsageError('--file is required');
  // eslint-disable-next-line @typescript-eslint/no-unsafe-return -- the file's JSON, unchecked on purpose (above)
  return { ...(await readJson(io, file)), ...settingFlags(values) };
}

const PRIMITIVES: readonly CreateTrackerInput['primitive'][] = ['rankings', 'compare', 'citations', 'sentiment'];
export const DEFINITION_OPTIONS = [
  stringOption('name'),
  stringOption('primitive'),
  repeatedOption('prompt'),
  stringOption('brand'),
  repeatedOption('competitor'),
  stringOption('url'),
  stringOption('models'),
  stringOption('weekly'),
  stringOption('monthly'),
  stringOption('time'),
  stringOption('timezone'),
];
export const DEFINITION_DETAILS = [
  'Or from flags (with --file, they replace its fields):',
  '--name N --primitive rankings|compare|citations|sentiment',
  '--prompt P           a prompt; repeat for each',
  '--brand B --competitor C (repeat) --url U   as the primitive wants them',
  '--models a,b         surfaces (chatgpt, claude, perplexity, gemini, google_ai_overview)',
  '--weekly D | --monthly D   the day (0 Sunday … 6; 1–28), with --time HH:MM (default',
  '                     09:00) and --timezone TZ (default UTC)',
];

/** The definition's fields the flags set; the gateway checks their values and says so. */
export function definitionFlags(values: Values) {
  const primitive = choice(values, 'primitive', PRIMITIVES);
  const [models, prompts, competitors] = [str(values, 'models'), strs(values, 'prompt'), strs(values, 'competitor')];
  const fields = {
    ...optional(values, 'name', 'brand', 'url'),
    ...(primitive ? { primitive } : {}),
    ...(prompts ? { prompts } : {}),
    ...(competitors ? { competitors } : {}),
    ...(models ? { models: models.split(',').map((m) => m.trim().toLowerCase()) } : {}),
  };
  const cadence = cadenceFlags(values);
  return cadence ? { ...fields, cadence } : fields;
}

/** `--weekly 1 --time 09:00` as a cadence; undefined when neither --weekly nor --monthly is given. */
function cadenceFlags(values: Values) {
  exclusive(values, 'weekly', 'monthly');
  const at = { timezone: str(values, 'timezone') ?? 'UTC', time: str(values, 'time') ?? '09:00' };
  if (values.weekly !== undefined) return { frequency: 'weekly', ...at, weekday: int(values, 'weekly') };
  if (values.monthly !== undefined) return { frequency: 'monthly', ...at, monthday: int(values, 'monthly') };
  if (values.time !== undefined || values.timezone !== undefined) throw new UsageError('--time and --timezone go with --weekly or --monthly');
  return undefined;
}

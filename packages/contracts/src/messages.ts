import { z } from 'zod';

/**
 * Validation messages in plain words (issue 34): one sentence per field, naming the field as the
 * user knows it from the app ("Name is required."). The API answers them in `issues[].message` and
 * the web app shows them next to the field, so both read the same words from here. Messages are for
 * people and may change; `code` and `path` are what programs rely on.
 *
 * zod's own texts ("Too small: expected string to have >=1 characters") are replaced once, by the
 * global error map below; a schema with a rule of its own words it with `say`, which gets the same
 * field name from the issue's path.
 */

type Label = { text: string; plural?: boolean };

/** Fields by their key, as the app labels them. */
const FIELDS: Record<string, Label> = {
  name: { text: 'Name' },
  primitive: { text: 'What to measure' },
  brand: { text: 'Brand' },
  competitors: { text: 'Competitors', plural: true },
  aliases: { text: 'Aliases', plural: true },
  url: { text: 'URL' },
  prompts: { text: 'Prompts', plural: true },
  models: { text: 'Surfaces', plural: true },
  samplesPerPrompt: { text: 'Samples per prompt', plural: true },
  samplingMode: { text: 'Sampling' },
  country: { text: 'Country' },
  alerts: { text: 'Alerts', plural: true },
  significantChange: { text: 'The significant-change alert' },
  cadence: { text: 'Schedule' },
  frequency: { text: 'Frequency' },
  timezone: { text: 'Time zone' },
  time: { text: 'Time' },
  weekday: { text: 'Weekday' },
  monthday: { text: 'Day of the month' },
  topic: { text: 'Topic' },
  status: { text: 'Status' },
  // A webhook's (`url` and `status` are above).
  events: { text: 'Events', plural: true },
  description: { text: 'Description' },
  limit: { text: 'Limit' },
  cursor: { text: 'Cursor' },
  'Idempotency-Key': { text: 'The Idempotency-Key header' },
  audience: { text: 'Audience' },
  goal: { text: 'Goal' },
  fullSweep: { text: 'Full sweep' },
  maxCostMicroPerRun: { text: 'The maximum cost per run' },
  requestToken: { text: 'The request token' },
  runs: { text: 'The number of runs' },
  email: { text: 'E-mail address' },
  creditsMicro: { text: 'Credits', plural: true },
  spendLimitMicroPerMonth: { text: 'The monthly spending limit' },
  simulated: { text: 'Simulated' },
  amountMicro: { text: 'The amount' },
  reference: { text: 'The reference' },
  surfaces: { text: "The surfaces' rates", plural: true },
  workflowSteps: { text: "The workflow steps' rates", plural: true },
  // The rate card's prices (admin), by surface and by content-brief step.
  chatgpt: { text: 'The ChatGPT rate' },
  claude: { text: 'The Claude rate' },
  perplexity: { text: 'The Perplexity rate' },
  gemini: { text: 'The Gemini rate' },
  google_ai_overview: { text: 'The Google AI Overviews rate' },
  answers: { text: 'The answers step rate' },
  citations: { text: 'The citations step rate' },
  keyword_demand: { text: 'The keyword demand step rate' },
  questions: { text: 'The questions step rate' },
  video_trends: { text: 'The video trends step rate' },
};

/** One item of a list, by the list's key: `prompts.2` is "This prompt". */
const ITEMS: Record<string, Label> = {
  prompts: { text: 'This prompt' },
  competitors: { text: 'This competitor' },
  aliases: { text: 'This alias' },
  models: { text: 'This surface' },
  events: { text: 'This event' },
};

/** The field an issue's path names, in words: the last key, or the list's item for an index. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): Label {
  const keys = (path ?? []).filter((k) => typeof k !== 'symbol');
  const last = keys[keys.length - 1];
  if (typeof last === 'number') {
    const list = keys[keys.length - 2];
    return (typeof list === 'string' && ITEMS[list]) || { text: 'This entry' };
  }
  if (last === undefined) return { text: 'The request' };
  return FIELDS[String(last)] ?? { text: `Field "${String(last)}"` };
}

const is = (l: Label) => `${l.text} ${l.plural ? 'are' : 'is'}`;
const must = (l: Label) => `${l.text} must`;

/** A per-schema `error` whose words get the field's name: `say((f) => `${f.must} not be blank.`)`. */
export function say(words: (field: { label: string; is: string; must: string }) => string) {
  return (issue: { path?: readonly PropertyKey[] }) => {
    const l = fieldLabel(issue.path);
    return words({ label: l.text, is: is(l), must: must(l) });
  };
}

const TYPES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

const quoteAll = (values: readonly unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

/** zod's issues in plain words; undefined leaves an issue to the schema's own words. */
function plainMessage(issue: z.core.$ZodRawIssue): string | undefined {
  const l = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `${is(l)} required.`;
      return `${must(l)} be ${TYPES[issue.expected] ?? issue.expected}.`;
    case 'too_small': {
      const n = Number(issue.minimum);
      if (issue.origin === 'string') return n === 1 ? (typeof issue.path?.at(-1) === 'number' ? `${is(l)} empty.` : `${is(l)} required.`) : `${must(l)} be at least ${n} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${must(l)} list at least ${n}.`;
      return `${must(l)} be at least ${n}.`;
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      if (issue.origin === 'string') return `${must(l)} be at most ${n} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set') return `${must(l)} list at most ${n}.`;
      return `${must(l)} be at most ${n}.`;
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `${must(l)} be ${quoteAll(issue.values)}.` : `${must(l)} be one of ${quoteAll(issue.values)}.`;
    case 'invalid_union':
      return `${is(l)} not valid.`;
    case 'invalid_format':
      return `${is(l)} not in the expected format.`;
    case 'not_multiple_of':
      return `${must(l)} be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? `Field "${issue.keys[0]}" is` : `Fields ${quoteAll(issue.keys)} are`} not allowed here.`;
    default:
      return `${is(l)} not valid.`;
  }
}

/** A field the request may not carry at all (an unknown or read-only key). */
export function notAllowedMessage(key: string): string {
  return `Field "${key}" is not allowed here.`;
}

z.config({ customError: plainMessage });

/** `brandradar brief`: a content brief, written as Markdown. */
import { writeFile } from 'node:fs/promises';
import { briefMarkdown, money } from '../output';
import type { CommandSpec } from '../command';
import { EXIT, UsageError } from '../exit';
import { jsonText } from '../io';
import { booleanOption, JSON_OPTION, optional, str, stringOption } from '../options';

export const BRIEF_COMMAND: CommandSpec = {
  name: 'brief',
  summary: 'Generate a content brief and write it as Markdown',
  usage: '--topic T [--country CC] [--models a,b] [--full-sweep] [--brand B] [--audience A] [--goal G] [--idempotency-key K] [--out FILE] [--json]',
  args: [],
  options: [
    ...JSON_OPTION,
    ...['topic', 'country', 'models'].map(stringOption),
    booleanOption('full-sweep'),
    ...['brand', 'audience', 'goal', 'idempotency-key', 'out'].map(stringOption),
  ],
  details: [
    '--models a,b           surfaces to ask (chatgpt, claude, perplexity, gemini, google_ai_overview)',
    '--idempotency-key K    sending K again returns the stored brief, without another charge',
    '--out FILE             write to FILE instead of standard output',
    '--json                 the API\'s JSON instead of Markdown',
  ],
  async run({ io, values, client }) {
    const topic = str(values, 'topic');
    if (!topic) throw new UsageError('--topic is required');
    const models = str(values, 'models');
    const input = {
      topic,
      ...optional(values, 'country', 'brand', 'audience', 'goal'),
      // The gateway checks each name against the surfaces it knows.
      ...(models ? { models: models.split(',').map((m) => m.trim()) as never[] } : {}),
      ...(values['full-sweep'] ? { fullSweep: true } : {}),
    };
    const key = str(values, 'idempotency-key');
    const { brief } = await client().contentBrief(input, key ? { idempotencyKey: key } : {});
    const text = values.json ? jsonText(brief) : briefMarkdown(brief);
    const out = str(values, 'out');
    if (out) {
      await writeFile(out, text);
      io.stderr.write(`Wrote ${out} (billed ${money(brief.billedCostMicro)}).\n`);
    } else io.stdout.write(text);
    return EXIT.ok;
  },
};

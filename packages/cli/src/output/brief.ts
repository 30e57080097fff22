/** The content brief as Markdown. */
import type { ContentBriefResult } from '@brandradar/client';
import { money, percent } from './text';

const escapeCell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The content brief as Markdown: summary, the prompt to draft with, then what each step found. */
export function briefMarkdown(brief: ContentBriefResult): string {
  const out: string[] = [`# Content brief: ${brief.input.topic}`, '', brief.summary, '', '## Prompt to draft the article', '', '```text', brief.suggestedPrompt, '```', ''];
  for (const step of brief.results) {
    out.push(`## ${step.endpoint}`, '', `_${step.why}_`, '');
    if (!step.ok) {
      out.push(`Not available: ${step.data.error.message} (\`${step.data.error.code}\`)`, '');
      continue;
    }
    switch (step.endpoint) {
      case '/v1/ai/answers':
        for (const a of step.data.answers) out.push(`- **${a.surface}**: ${a.status === 'succeeded' ? escapeCell(a.text ?? '').slice(0, 300) : `failed (${a.error?.message ?? 'no answer'})`}`);
        break;
      case '/v1/ai/citations':
        out.push('| Domain | Citations | Share |', '| --- | ---: | ---: |', ...step.data.domains.map((d) => `| ${escapeCell(d.domain)} | ${d.citations} | ${percent(d.share)} |`));
        break;
      case '/v1/keywords/demand':
        out.push(
          '| Keyword | Monthly searches | Difficulty | Intent |',
          '| --- | ---: | ---: | --- |',
          ...[...(step.data.seed ? [step.data.seed] : []), ...step.data.keywords].map((k) => `| ${escapeCell(k.keyword)} | ${k.searchVolume ?? '–'} | ${k.keywordDifficulty ?? '–'} | ${k.intent ?? '–'} |`),
        );
        break;
      case '/v1/questions':
        out.push(...step.data.questions.map((q) => `- ${escapeCell(q.question)}`));
        break;
      case '/v1/video/trends':
        out.push(...step.data.risingVideos.map((v) => `- [${escapeCell(v.title)}](${v.url}) · ${v.channelTitle} · ${v.viewsPerDay} views/day`));
        out.push('', ...step.data.formatIdeas.map((idea) => `- ${idea}`));
        break;
    }
    out.push('');
  }
  out.push(`_Billed ${money(brief.billedCostMicro)}._`, '');
  return out.join('\n');
}

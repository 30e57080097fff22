import type { ActivationResult, ContentBriefResult, Report, Run, Tracker } from '@brandradar/client';

/** Micro-units as dollars: 39,000 → `$0.39`; sub-cent amounts keep their digits ($0.00125). */
export function money(micro: number): string {
  const dollars = micro / 100_000;
  const cents = Math.round(dollars * 100) / 100;
  return cents === dollars ? `$${dollars.toFixed(2)}` : `$${dollars.toFixed(5).replace(/0+$/, '')}`;
}

/** A rate in [0, 1] as a percentage with one decimal; `–` when absent. */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '–' : `${(rate * 100).toFixed(1)}%`;
}

/** Rows as a plain-text table: a header, a rule, left-aligned columns two spaces apart. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
}

export function trackerTable(trackers: Tracker[]): string {
  if (trackers.length === 0) return 'No trackers.\n';
  return table(
    ['ID', 'NAME', 'STATUS', 'PRIMITIVE', 'PER RUN', 'NEXT RUN'],
    trackers.map((t) => [t.id, t.name, t.pauseReason ? `${t.status} (${t.pauseReason})` : t.status, t.primitive, money(t.estimatedCostMicroPerRun), t.nextRunAt ?? '–']),
  );
}

export function trackerDetails(t: Tracker): string {
  const { cadence } = t;
  const when = cadence.frequency === 'weekly' ? `weekly on day ${cadence.weekday}` : `monthly on day ${cadence.monthday}`;
  const lines: [string, string][] = [
    ['id', t.id],
    ['name', t.name],
    ['status', t.pauseReason ? `${t.status} (${t.pauseReason})` : t.status],
    ['primitive', t.primitive],
    ...(t.brand ? [['brand', t.brand] as [string, string]] : []),
    ...(t.competitors.length ? [['competitors', t.competitors.join(', ')] as [string, string]] : []),
    ...(t.url ? [['url', t.url] as [string, string]] : []),
    ['models', t.models.join(', ')],
    ['cadence', `${when} at ${cadence.time} ${cadence.timezone}`],
    ['prompts', String(t.prompts.length)],
    ['estimate per run', money(t.estimatedCostMicroPerRun)],
    ['accepted maximum', t.maxCostMicroPerRun === null ? '–' : money(t.maxCostMicroPerRun)],
    ['next run', t.nextRunAt ?? '–'],
    ['last run', t.lastRunAt ?? '–'],
  ];
  const width = Math.max(...lines.map(([k]) => k.length));
  return lines.map(([k, v]) => `${`${k}:`.padEnd(width + 1)} ${v}`).join('\n') + '\n';
}

export function activationSummary(a: ActivationResult): string {
  return `Activated ${a.tracker.name} (${a.tracker.id}) at ${money(a.costMicroPerRun)} per run. Balance ${money(a.balanceMicro)}; ${
    a.runsDryAt ? `it runs dry at ${a.runsDryAt}` : 'it covers the next five years'
  }.\n`;
}

/** Answers a run has so far (succeeded or failed) out of those planned. */
export function answersDone(run: Run): number {
  return run.results.reduce((n, r) => n + r.answers.length, 0);
}

/** One line on where a run is: `RUNNING 4/9 answers (3 succeeded, 1 failed)`; a finished run adds what it billed. */
export function runProgressLine(run: Run): string {
  const done = answersDone(run);
  const succeeded = run.results.reduce((n, r) => n + r.answers.filter((a) => a.status === 'succeeded').length, 0);
  const head = `run ${run.id} ${run.status} ${done}/${run.summary.answers} answers (${succeeded} succeeded, ${done - succeeded} failed)`;
  if (run.status === 'QUEUED' || run.status === 'RUNNING') return head;
  return `${head}, billed ${money(run.billedCostMicro)}${run.error ? `: ${run.error.code}: ${run.error.message}` : ''}`;
}

/** The headline figure of a run per name: mention rate (rankings, compare), share of citations (citations), net sentiment (sentiment). */
export function headline(run: Run): { label: string; values: [string, string][] } | null {
  const m = run.metrics;
  if (!m) return null;
  if (m.primitive === 'citations') return { label: 'citation share', values: m.domains.slice(0, 5).map((d) => [d.domain, percent(d.share.value)]) };
  if (m.primitive === 'sentiment') {
    const net = m.netSentiment.value;
    return { label: 'net sentiment', values: [[m.brand, net === null ? '–' : net.toFixed(2)]] };
  }
  return { label: 'mention rate', values: m.brands.map((b) => [b.name, percent(b.mentionRate.value)]) };
}

/** The report as a table: one row per run, newest first, with its headline figure per name. */
export function reportTable(report: Report): string {
  const { tracker, runs } = report;
  const title = `${tracker.name} (${tracker.id}) · ${tracker.primitive} · ${tracker.status}\n`;
  if (runs.length === 0) return `${title}No runs yet.\n`;
  const label = runs.map(headline).find((h) => h !== null)?.label;
  const rows = runs.map((run) => {
    const h = headline(run);
    return [run.createdAt, run.trigger, run.status, `${run.summary.succeeded}/${run.summary.answers}`, money(run.billedCostMicro), h ? h.values.map(([k, v]) => `${k} ${v}`).join(', ') : '–'];
  });
  return `${title}\n${table(['CREATED', 'TRIGGER', 'STATUS', 'ANSWERS', 'BILLED', (label ?? 'metrics').toUpperCase()], rows)}`;
}

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

import { PAUSE_REASONS } from '@brandradar/contracts';
import { COMPARE, PREVIOUS_RUN_ID, activatedEvent, answers, compareAnswers, compareTracker, deletedEvent, finishedRun, pausedEvent, runFinishedEvent, significantChangeEvent } from '../../../../test/support/notifier-fixtures';
import { render } from './render';
import { NOTIFICATIONS, composeMail, notificationFor, wantsMail, webhookDisabledMail } from './templates';

/** The HTML part's visible text, entities decoded, a table row read as `label: value`. */
const visible = (html: string) =>
  html
    .replace(/<title>.*?<\/title>/s, '')
    .replace(/<\/th>\s*<td[^>]*>/g, ': ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Each fact appears in the plain text and in the HTML alike. */
function expectInBoth(mail: { text: string; html: string }, facts: string[]) {
  const text = mail.text.replace(/\s+/g, ' ');
  for (const fact of facts) {
    expect(text).toContain(fact);
    expect(visible(mail.html)).toContain(fact);
  }
}

describe('tracker activated', () => {
  it("states the accepted maximum in $ and micro-units, the next run and runsDryAt in the tracker's zone", () => {
    const mail = composeMail(NOTIFICATIONS.trackerActivated, activatedEvent());
    expect(mail.subject).toBe('Tracker "CRM tools, US buyers" is active');
    expectInBoth(mail, [
      'Accepted maximum per run: $0.39 (39,000 micro-units)',
      'Next run: Monday 23 November 2026, 09:00 CET (Europe/Berlin)',
      'Balance: $10.00 (1,000,000 micro-units)',
      'Balance runs dry: Monday 3 May 2027, 09:00 CEST (Europe/Berlin)',
      'every Monday at 09:00 (Europe/Berlin)',
    ]);
  });

  it('says how many samples of each prompt a run asks for', () => {
    const mail = composeMail(NOTIFICATIONS.trackerActivated, activatedEvent({ tracker: compareTracker({ samplesPerPrompt: 4, samplingMode: 'fixed' }) }));
    expectInBoth(mail, ['Measures: compare: 3 prompts × 4 samples on chatgpt, perplexity, gemini']);
  });

  it('says when the balance lasts beyond the 5-year horizon', () => {
    expectInBoth(composeMail(NOTIFICATIONS.trackerActivated, activatedEvent({ runsDryAt: null })), ['Balance runs dry: not within the next 5 years at current estimates']);
  });
});

describe('run finished', () => {
  it('states status, answers, the billed amount and the headline metric with its change, and that change is not cause', () => {
    const run = finishedRun(COMPARE, compareAnswers(12, 9), compareAnswers(12, 4), { status: 'PARTIAL', summary: { answers: 14, succeeded: 12, failed: 2 } });
    const mail = composeMail(NOTIFICATIONS.runFinished, runFinishedEvent(run));
    expect(mail.subject).toBe('Run of "CRM tools, US buyers" partly completed: 12 of 14 answers');
    expectInBoth(mail, [
      'Status: PARTIAL: some answers succeeded, some failed',
      'Answers: 12 succeeded, 2 failed, of 14',
      'Billed: $0.60 (60,000 micro-units) for the 12 answers that succeeded; the estimate was $0.70 (70,000 micro-units)',
      'Acme share of voice: 42.9% (9 of 21 mentions of the tracked names)',
      'Change: +17.86 percentage points since the previous run (25% → 42.9%)',
      'Changes between runs do not establish cause.',
    ]);
  });

  it('says how many prompts, samples and surfaces the answers came from, and how an adaptive run sampled', () => {
    const run = finishedRun(COMPARE, compareAnswers(12, 9), null, { models: ['chatgpt', 'gemini'], samplesPerPrompt: 5, samplingMode: 'adaptive', summary: { answers: 14, succeeded: 12, failed: 2 } });
    const mail = composeMail(NOTIFICATIONS.runFinished, runFinishedEvent(run, { promptCount: 3 }));
    expectInBoth(mail, ['Answers: 12 succeeded, 2 failed, of 14 answers asked: 3 prompts × 5 samples on chatgpt, gemini (adaptive: 2 samples first, more only where they disagree)']);
    const fixed = composeMail(NOTIFICATIONS.runFinished, runFinishedEvent(finishedRun(COMPARE, compareAnswers(12, 9), null), { promptCount: 12 }));
    expectInBoth(fixed, ['Answers: 12 succeeded, 0 failed, of 12 answers asked: 12 prompts × 1 sample on chatgpt']);
  });

  it('says when there are not enough answers to compare', () => {
    const mail = composeMail(NOTIFICATIONS.runFinished, runFinishedEvent(finishedRun(COMPARE, compareAnswers(6, 3), compareAnswers(6, 1))));
    expectInBoth(mail, ['Change: not enough answers to compare (each run needs at least 10)']);
  });

  it('explains a failed run, which bills nothing', () => {
    const run = finishedRun(COMPARE, [], null, { status: 'FAILED', summary: { answers: 9, succeeded: 0, failed: 9 }, error: { code: 'no_answers', message: 'No surface answered; nothing was billed.' } });
    const mail = composeMail(NOTIFICATIONS.runFinished, runFinishedEvent(run));
    expect(mail.subject).toBe('Run of "CRM tools, US buyers" failed: 0 of 9 answers');
    expectInBoth(mail, ['Billed: $0.00 (0 micro-units): answers that fail are never billed', 'Why: No surface answered; nothing was billed.', 'Headline metric: none']);
  });

  it('names the occurrence of a scheduled run', () => {
    const run = finishedRun(COMPARE, compareAnswers(12, 9), null, { trigger: 'scheduled', requestToken: null, scheduledFor: '2026-11-23T08:00:00.000Z' });
    expectInBoth(composeMail(NOTIFICATIONS.runFinished, runFinishedEvent(run)), ['Trigger: scheduled, for 2026-11-23 08:00 UTC']);
  });
});

describe('significant change', () => {
  // Acme named in 1 of 12 answers before, 11 of 12 now: its mention and top-3 rates and its share of voice moved.
  const alert = () => significantChangeEvent(COMPARE, compareAnswers(12, 11), compareAnswers(12, 1));

  it('names the tracker and the biggest change in the subject', () => {
    const mail = composeMail(NOTIFICATIONS.significantChange, alert());
    expect(mail.subject).toBe('Significant change in "CRM tools, US buyers": Acme mention rate 8.3% → 91.7% (+83.33 points), and 2 more changes');
  });

  it('says what changed in plain words, by how much, its 95% interval and p-value, for each change', () => {
    const event = alert();
    const [mention] = event.changes;
    expect(event.changes.map((c) => c.metric)).toEqual(['mentionRate', 'top3Rate', 'shareOfVoice']);
    const mail = composeMail(NOTIFICATIONS.significantChange, event);
    expectInBoth(mail, [
      'Acme mention rate: the share of answers that mention Acme.',
      'Acme top-3 rate: the share of answers that place Acme 1st to 3rd.',
      "Acme share of voice: Acme's share of the answers' mentions of all tracked names.",
      'Previous run → this run: 8.3% → 91.7%',
      'Change: +83.33 percentage points',
      `95% interval of change: +${mention!.interval!.low} to +${mention!.interval!.high} percentage points`,
      `p-value: ${mention!.pValue}`,
      `Run: ${event.run.id}, finished 2026-11-22 10:00 UTC`,
      `Compared with: run ${PREVIOUS_RUN_ID}, the previous comparable run`,
    ]);
  });

  it('says the p-values are not adjusted for the several comparisons, that change is not cause, and links the run', () => {
    const event = alert();
    expectInBoth(composeMail(NOTIFICATIONS.significantChange, event), [
      'not adjusted for the several comparisons an alert makes',
      'Changes between runs do not establish cause.',
      `Full results: GET /api/v1/trackers/${event.run.trackerId}/runs/${event.run.id}.`,
    ]);
  });

  it('leads with the largest change, a fall included', () => {
    const event = alert();
    const [mention, top3] = event.changes;
    const fall = { ...top3!, current: 0.1, previous: 0.95, change: -85 };
    const mail = composeMail(NOTIFICATIONS.significantChange, { ...event, changes: [mention!, fall] });
    expect(mail.subject).toBe('Significant change in "CRM tools, US buyers": Acme top-3 rate 95% → 10% (-85 points), and 1 more change');
  });

  it('names the tracked URL of a citations tracker, and gives a tiny p-value and a missing interval in words', () => {
    const citations = { primitive: 'citations' as const, brand: null, competitors: [], url: 'https://acme.com/pricing' };
    const event = significantChangeEvent(citations, answers(12, () => '', () => ['https://acme.com/pricing']), answers(12, () => '', () => ['https://other.org/']));
    expect(event.changes.map((c) => [c.name, c.metric])).toEqual([
      [null, 'urlCitedRate'],
      [null, 'domainCitedRate'],
    ]);
    const [url, domain] = event.changes;
    const mail = composeMail(NOTIFICATIONS.significantChange, { ...event, changes: [url!, { ...domain!, interval: null }] });
    expect(mail.subject).toBe('Significant change in "CRM tools, US buyers": Answers citing https://acme.com/pricing 0% → 100% (+100 points), and 1 more change');
    expectInBoth(mail, [
      'Answers citing the domain of https://acme.com/pricing: the share of answers that cite any page of the domain of https://acme.com/pricing.',
      'p-value: < 0.0001',
      '95% interval of change: not available: a run has no interval for this figure',
    ]);
  });
});

describe('tracker paused', () => {
  it.each([...PAUSE_REASONS, null])('gives the reason %s in plain words and what to do', (reason) => {
    const mail = composeMail(NOTIFICATIONS.trackerPaused, pausedEvent(reason));
    expect(mail.subject).toMatch(/^Tracker "CRM tools, US buyers" is paused: .+/);
    expectInBoth(mail, [`Reason: ${reason ?? 'none (paused manually)'}`, 'What to do: ', 'Paused at: Sunday 22 November 2026, 11:00 CET (Europe/Berlin)']);
  });

  it('says something different for every reason', () => {
    const bodies = [...PAUSE_REASONS, null].map((reason) => composeMail(NOTIFICATIONS.trackerPaused, pausedEvent(reason)).text.split('\n\n')[1]);
    expect(new Set(bodies).size).toBe(PAUSE_REASONS.length + 1);
  });

  it('names the accepted maximum when the cost rose above it', () => {
    const mail = composeMail(NOTIFICATIONS.trackerPaused, pausedEvent('cost_above_maximum'));
    expect(mail.subject).toBe('Tracker "CRM tools, US buyers" is paused: cost above your maximum');
    expectInBoth(mail, ['maximum per run you accepted, $0.39 (39,000 micro-units), so the tracker paused before any run at the higher cost']);
  });

  it('tells a manual pause from an automatic one', () => {
    const mail = composeMail(NOTIFICATIONS.trackerPaused, pausedEvent(null));
    expect(mail.subject).toBe('Tracker "CRM tools, US buyers" is paused: paused by you');
    expectInBoth(mail, ['paused at your request', 'Runs that were already queued still finish.']);
  });
});

it('points to webhooks in the e-mails of events a webhook can receive', () => {
  const run = finishedRun(COMPARE, compareAnswers(12, 9), compareAnswers(12, 4));
  const mails = [
    composeMail(NOTIFICATIONS.trackerActivated, activatedEvent()),
    composeMail(NOTIFICATIONS.runFinished, runFinishedEvent(run)),
    composeMail(NOTIFICATIONS.significantChange, significantChangeEvent(COMPARE, compareAnswers(12, 11), compareAnswers(12, 1))),
    composeMail(NOTIFICATIONS.trackerPaused, pausedEvent(null)),
  ];
  for (const mail of mails) {
    expectInBoth(mail, ['To receive these events in your own tools, add a webhook: POST /api/v1/webhooks.']);
    expect(mail.text).not.toMatch(/no webhooks/i);
  }
});

it('tracker deleted: says what went and what stays', () => {
  const mail = composeMail(NOTIFICATIONS.trackerDeleted, deletedEvent());
  expect(mail.subject).toBe('Tracker "CRM tools, US buyers" was deleted');
  expectInBoth(mail, ['Its configuration, runs and results are removed.', 'your billing records remain', 'Deleted at: Sunday 22 November 2026, 11:00 CET (Europe/Berlin)']);
});

it('escapes everything in the HTML part', () => {
  const tracker = compareTracker({ name: '<script>alert("x")</script> & Co' });
  const mail = composeMail(NOTIFICATIONS.trackerDeleted, deletedEvent({ tracker }));
  expect(mail.html).not.toContain('<script>');
  expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
  expect(mail.text).toContain('<script>alert("x")</script> & Co');
});

it('keeps a name with line breaks, other control characters or direction overrides on its line, in both parts', () => {
  const tracker = compareTracker({ name: 'Evil\r\nBcc: victim@example.com\u2028Reason: none\u202Egnp.exe' });
  const mail = composeMail(NOTIFICATIONS.trackerDeleted, deletedEvent({ tracker }));
  expect(mail.subject).toBe('Tracker "Evil  Bcc: victim@example.com Reason: none gnp.exe" was deleted');
  expect(mail.text.split('\n').filter((line) => /^(Bcc|Reason):/.test(line))).toEqual([]);
  expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/[\r\u2028\u202E]/);
});

it('lines values up after short labels, and gives a long label (a brand of 100 characters) one space', () => {
  const brand = 'B'.repeat(100);
  const run = finishedRun({ ...COMPARE, brand }, compareAnswers(12, 9), null);
  const text = composeMail(NOTIFICATIONS.runFinished, runFinishedEvent(run)).text;
  expect(text).toMatch(/^Status: {2,}\S/m);
  expect(text).not.toMatch(/ {25,}/);
});

it('maps the notified event subjects to their templates, and nothing else', () => {
  expect(['tracker.activated.v1', 'run.finished.v1', 'run.significant-change.v1', 'tracker.paused.v1', 'tracker.deleted.v1'].map((s) => notificationFor(s)?.template)).toEqual([
    'tracker_activated',
    'run_finished',
    'significant_change',
    'tracker_paused',
    'tracker_deleted',
  ]);
  expect(notificationFor('tracker.created.v1')).toBeUndefined();
});

describe('wantsMail', () => {
  it('sends no run e-mail for a run its owner stopped from starting (paused, closed, deleted or edited tracker)', () => {
    for (const code of ['tracker_not_active', 'tracker_changed']) {
      const run = finishedRun(COMPARE, [], null, { status: 'FAILED', startedAt: null, billedCostMicro: 0, summary: { answers: 0, succeeded: 0, failed: 0 }, error: { code, message: 'did not start' } });
      expect(wantsMail(NOTIFICATIONS.runFinished, runFinishedEvent(run))).toBe(false);
    }
  });

  it('sends the e-mail for every other run, failed ones included', () => {
    const timedOut = finishedRun(COMPARE, [], null, { status: 'FAILED', error: { code: 'run_timed_out', message: 'late' } });
    expect(wantsMail(NOTIFICATIONS.runFinished, runFinishedEvent(timedOut))).toBe(true);
    expect(wantsMail(NOTIFICATIONS.runFinished, runFinishedEvent(finishedRun(COMPARE, compareAnswers(3, 1), null)))).toBe(true);
    expect(wantsMail(NOTIFICATIONS.trackerActivated, activatedEvent())).toBe(true);
  });
});

describe('webhook disabled', () => {
  const endpoint = {
    id: '3f0e2d1c-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
    url: 'https://hooks.example.com/$x/__proto__/🚀',
    description: 'Slack relay',
    failingSince: '2026-11-20T10:00:00.000Z',
    disabledAt: '2026-11-23T10:00:05.000Z',
    lastError: 'HTTP 502: bad gateway',
    disableAfterMs: 3 * 86_400_000,
  };

  it('says which endpoint, since when, the last error, and how to turn it back on', () => {
    const mail = render(webhookDisabledMail(endpoint));
    expect(mail.subject).toBe('A webhook endpoint was disabled after failing');
    expectInBoth(mail, [
      'failed for 3 days',
      `Endpoint: https://hooks.example.com/$x/__proto__/🚀 (${endpoint.id})`,
      'Description: Slack relay',
      'Failing since: 2026-11-20 10:00 UTC',
      'Last error: HTTP 502: bad gateway',
      `PATCH /api/v1/webhooks/${endpoint.id} with {"status":"enabled"}`,
      `brandradar webhooks enable ${endpoint.id}`,
    ]);
  });

  it('leaves out a description the endpoint does not have', () => {
    expect(render(webhookDisabledMail({ ...endpoint, description: null })).text).not.toContain('Description');
  });
});

import { accessProblems, accessRecord, subjectMatches, type AccessRecord } from './access-compat';
import { readAccessRecords, readReleases } from './message-records';

describe('NATS access between releases (docs/development.md)', () => {
  const records = readAccessRecords();

  it('has an access record for every recorded release', () => {
    expect(records.map((r) => r.release)).toEqual(readReleases().map((r) => r.release));
  });

  it('keeps every stream and permission the previous release uses', () => {
    const previous = records[records.length - 1];
    expect(previous).toBeDefined();
    if (previous) expect(accessProblems(accessRecord('today'), previous)).toEqual([]);
  });
});

describe('the access rule', () => {
  const user = (allow: string[], deny?: string[]) => ({ publish: { allow, ...(deny ? { deny } : {}) }, subscribe: { allow: ['_INBOX_tracker.>'] } });
  const record = (subjects: string[], publish: string[], deny?: string[]): AccessRecord => ({
    release: '0.1.0',
    streams: { BILLING_EVENTS: subjects },
    users: { tracker: user(publish, deny) },
  });
  const released = record(['account.closed.v1'], ['$JS.API.STREAM.INFO.BILLING_EVENTS', '$JS.ACK.BILLING_EVENTS.tracker-billing.>']);

  it('passes the same grants, and grants widened by a wildcard', () => {
    expect(accessProblems(released, released)).toEqual([]);
    expect(accessProblems(record(['account.closed.v1'], ['$JS.API.STREAM.INFO.*', '$JS.ACK.>']), released)).toEqual([]);
  });

  it('fails a subject added to a released stream, which its services refuse at start', () => {
    expect(accessProblems(record(['account.closed.v1', 'sessions.ended.v1'], released.users.tracker?.publish.allow ?? []), released)).toEqual([
      expect.stringContaining('stream BILLING_EVENTS captures'),
    ]);
  });

  it('fails a permission taken away or denied', () => {
    expect(accessProblems(record(['account.closed.v1'], ['$JS.API.STREAM.INFO.BILLING_EVENTS']), released)).toEqual([expect.stringContaining('$JS.ACK.BILLING_EVENTS.tracker-billing.>')]);
    expect(accessProblems(record(['account.closed.v1'], ['$JS.>'], ['$JS.ACK.BILLING_EVENTS.*.>']), released)).toEqual([expect.stringContaining('$JS.ACK.BILLING_EVENTS.tracker-billing.>')]);
  });

  it('matches subjects as nats-server does', () => {
    expect(subjectMatches('a.*.c', 'a.b.c')).toBe(true);
    expect(subjectMatches('a.>', 'a.b.c')).toBe(true);
    expect(subjectMatches('a.>', 'a')).toBe(false);
    expect(subjectMatches('a.*', 'a.b.c')).toBe(false);
    expect(subjectMatches('a.b', 'a.b.c')).toBe(false);
  });
});

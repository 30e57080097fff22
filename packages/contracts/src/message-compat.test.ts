import Ajv2020 from 'ajv/dist/2020';
import { z } from 'zod';
import { MESSAGES, messagesJsonSchema, subjectVersion, type MessageSchemas } from './message-catalog';
import { compatibilityProblems, userTextProblems, type RecordedExamples, type ReleaseRecord, type ReleaseValidator } from './message-compat';
import { readExamples, readReleases, releaseRecord } from './message-records';

/** Each release's consumers, as its recorded JSON Schemas describe them (ajv, JSON Schema 2020-12). */
function releaseValidator(): ReleaseValidator {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const added = new Set<string>();
  return (release, subject, part, message) => {
    const key = `release-${release.release}`;
    if (!added.has(key)) {
      ajv.addSchema(release.schema, key);
      added.add(key);
    }
    const validate = ajv.getSchema(`${key}#/properties/${subject}/properties/${part}`);
    if (!validate) return `release ${release.release} has no schema for ${subject} ${part}`;
    return validate(message) ? undefined : ajv.errorsText(validate.errors);
  };
}

describe('message compatibility between releases (docs/development.md)', () => {
  const examples = readExamples();
  const releases = readReleases();

  it('keeps every recorded message readable today and today’s messages readable by the previous release', () => {
    expect(releases.length).toBeGreaterThan(0);
    expect(compatibilityProblems({ today: MESSAGES, examples, releases, refusedBy: releaseValidator() })).toEqual([]);
  });

  it('puts hostile user text in the examples of every message that holds user text', () => {
    expect(userTextProblems(MESSAGES, examples)).toEqual([]);
  });

  it('names every example file after a subject of the catalog or of a release', () => {
    const known = new Set([...MESSAGES.map((m) => m.subject), ...releases.flatMap((r) => Object.keys(r.examples))]);
    expect(Object.keys(examples).filter((subject) => !known.has(subject))).toEqual([]);
  });
});

describe('the compatibility rule', () => {
  // A subject of two versions in miniature: what a release recorded, and what changes after it.
  const uuid = '0b9e0001-5c3a-4f1e-9d2b-7a6c00000001';
  const v1 = z.object({ version: z.literal(1), trackerId: z.uuid(), name: z.string() });
  const message = { version: 1, trackerId: uuid, name: 'Acme 🚀 monday.com $x __proto__' };
  const catalog = (...defs: [string, z.ZodType][]): MessageSchemas[] => defs.map(([subject, payload]) => ({ subject, parts: { payload } }));
  const released = (defs: MessageSchemas[], recorded: RecordedExamples): ReleaseRecord => releaseRecord('0.1.0', recorded, defs);
  const problems = (today: MessageSchemas[], recorded: RecordedExamples, releases: ReleaseRecord[]) =>
    compatibilityProblems({ today, examples: recorded, releases, refusedBy: releaseValidator() });
  const base = released(catalog(['tracker.renamed.v1', v1]), { 'tracker.renamed.v1': { payload: [message] } });

  it('passes an unchanged subject and one with a new optional field', () => {
    expect(problems(catalog(['tracker.renamed.v1', v1]), base.examples, [base])).toEqual([]);
    const widened = v1.extend({ note: z.string().optional() });
    expect(problems(catalog(['tracker.renamed.v1', widened]), { 'tracker.renamed.v1': { payload: [message, { ...message, note: 'x' }] } }, [base])).toEqual([]);
  });

  it('fails a new required field: the previous release would refuse nothing, but today refuses its messages', () => {
    const narrowed = v1.extend({ note: z.string() });
    expect(problems(catalog(['tracker.renamed.v1', narrowed]), { 'tracker.renamed.v1': { payload: [{ ...message, note: 'x' }] } }, [base])).toEqual([
      expect.stringMatching(/^tracker\.renamed\.v1 payload #0 of release 0\.1\.0: today's consumer refuses it \(note: .*publish it as tracker\.renamed\.v2 and keep serving tracker\.renamed\.v1/),
    ]);
  });

  it('fails a changed type: today’s message is refused by the previous release', () => {
    const retyped = v1.extend({ name: z.union([z.string(), z.number()]) });
    expect(problems(catalog(['tracker.renamed.v1', retyped]), { 'tracker.renamed.v1': { payload: [{ ...message, name: 7 }] } }, [base])).toEqual([
      expect.stringMatching(/^tracker\.renamed\.v1 payload #0 of .*v1\.json: release 0\.1\.0 would refuse it \(data\/name must be string\)/),
    ]);
  });

  it('fails a subject without examples and one dropped without its successor served', () => {
    expect(problems(catalog(['tracker.renamed.v1', v1], ['tracker.moved.v1', v1]), base.examples, [base])).toEqual([
      'tracker.moved.v1 payload: no recorded example; add a "payload" list with at least one message (with hostile user text) to packages/contracts/examples/messages/tracker.moved/v1.json.',
    ]);
    const v2 = v1.extend({ version: z.literal(2) });
    const onlyV2 = problems(catalog(['tracker.renamed.v2', v2]), { ...base.examples, 'tracker.renamed.v2': { payload: [{ ...message, version: 2 }] } }, [base]);
    expect(onlyV2).toEqual([expect.stringMatching(/^tracker\.renamed\.v1: release 0\.1\.0 speaks it and nothing serves it today; keep serving it/)]);
  });

  it('passes a bumped subject while the old one is still served, and lets the old one go a release later', () => {
    const v2 = z.object({ version: z.literal(2), trackerId: z.uuid(), names: z.array(z.string()) });
    const bumped = catalog(['tracker.renamed.v1', v1], ['tracker.renamed.v2', v2]);
    const recorded: RecordedExamples = { ...base.examples, 'tracker.renamed.v2': { payload: [{ version: 2, trackerId: uuid, names: ['monday.com'] }] } };
    expect(problems(bumped, recorded, [base])).toEqual([]);
    const next = releaseRecord('0.2.0', recorded, bumped);
    expect(problems(catalog(['tracker.renamed.v2', v2]), recorded, [base, next])).toEqual([]);
    const { 'tracker.renamed.v1': _dropped, ...forgotten } = recorded;
    expect(problems(catalog(['tracker.renamed.v2', v2]), forgotten, [base, next])).toEqual([
      'tracker.renamed.v1: release 0.1.0 published it; keep packages/contracts/examples/messages/tracker.renamed/v1.json (examples of every released version stay).',
      'tracker.renamed.v1: release 0.2.0 published it; keep packages/contracts/examples/messages/tracker.renamed/v1.json (examples of every released version stay).',
    ]);
  });

  it('asks for hostile text where a schema holds user text, and only there', () => {
    const ids = z.object({ version: z.literal(1), trackerId: z.uuid() });
    const today = catalog(['tracker.renamed.v1', v1.extend({ note: z.string().max(500) })], ['tracker.gone.v1', ids]);
    expect(userTextProblems(today, { 'tracker.renamed.v1': { payload: [{ ...message, name: 'Acme' }] }, 'tracker.gone.v1': { payload: [{ version: 1, trackerId: uuid }] } })).toEqual([
      'tracker.renamed.v1 payload: its schema holds user text; put "monday.com" (a name that is a domain), "$x" (an operator to a document store), "__proto__", an emoji, a text of 200 characters or more in a text field of its examples in packages/contracts/examples/messages/tracker.renamed/v1.json.',
    ]);
  });

  it('reads a subject’s name and version from its last token', () => {
    expect([subjectVersion('runs.create-scheduled.v2'), subjectVersion('workflows.content-brief.run.v1'), subjectVersion('run.v0'), subjectVersion('runs.list')]).toEqual([
      { name: 'runs.create-scheduled', version: 2 },
      { name: 'workflows.content-brief.run', version: 1 },
      undefined,
      undefined,
    ]);
    expect(Object.keys(messagesJsonSchema(catalog(['b.v1', v1], ['a.v1', v1])).properties as object)).toEqual(['a.v1', 'b.v1']);
  });
});

import { z } from 'zod';
import { CreateTrackerInput } from '@brandradar/contracts';
import { validationError } from './errors';

const refusal = (schema: z.ZodType, body: unknown, where: 'body' | 'query' = 'body') => {
  const parsed = schema.safeParse(body);
  if (parsed.success) throw new Error('expected a refusal');
  return validationError(parsed.error.issues, where).error;
};

describe('validationError', () => {
  it('keeps the shape and the paths, and gives each field one sentence', () => {
    const body = { name: '', cadence: { frequency: 'weekly', timezone: 'UTC', time: '09:00', weekday: 1 }, primitive: 'compare', prompts: [], brand: 'Acme', competitors: ['HubSpot'], force: 1, pin: 2 };
    expect(refusal(CreateTrackerInput, body)).toEqual({
      code: 'validation_error',
      message: 'The request body is invalid.',
      issues: [
        { path: 'name', message: 'Name is required.' },
        { path: 'prompts', message: 'Add at least one prompt.' },
        { path: 'force', message: 'Field "force" is not allowed here.' },
        { path: 'pin', message: 'Field "pin" is not allowed here.' },
      ],
    });
  });

  it('answers at most one issue per path: the first rule broken', () => {
    const twoRules = z.object({ topic: z.string().min(3).regex(/^[a-z]+$/, 'Topic must be lower-case letters.') });
    expect(refusal(twoRules, { topic: 'A' }, 'query')).toEqual({ code: 'validation_error', message: 'The request query is invalid.', issues: [{ path: 'topic', message: 'Topic must be at least 3 characters.' }] });
  });
});

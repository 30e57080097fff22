import { newDiscoveredNames, runsSince } from './new-names';

const named = (...names: Array<[string, number]>) => ({ discoveredNames: names.map(([name, answers]) => ({ name, answers })) });

describe('newDiscoveredNames', () => {
  it('keeps the names no earlier run put forward, most answers first, up to the limit', () => {
    const week = named(['Pipedrive', 6], ['monday.com', 4], ['$x', 3], ['__proto__', 2], ['🚀 Rocket', 1]);
    // Pipedrive and $x were put forward before this week too: the runs together count more answers.
    const all = named(['Pipedrive', 9], ['monday.com', 4], ['$x', 5], ['__proto__', 2], ['🚀 Rocket', 1]);
    expect(newDiscoveredNames(week, all, 5)).toEqual(['monday.com', '__proto__', '🚀 Rocket']);
    expect(newDiscoveredNames(week, all, 2)).toEqual(['monday.com', '__proto__']);
  });

  it('matches a name in any case, and leaves out one the capped list of all runs does not show', () => {
    expect(newDiscoveredNames(named(['Zoho CRM', 2], ['Close', 1]), named(['zoho crm', 2]), 5)).toEqual(['Zoho CRM']);
  });

  it('counts every name of the week new when no earlier run was read', () => {
    const week = named(['Pipedrive', 6], ['Close', 1]);
    expect(newDiscoveredNames(week, week, 5)).toEqual(['Pipedrive', 'Close']);
  });
});

describe('runsSince', () => {
  it('counts the runs finished at or after the start of the week', () => {
    const runs = ['2026-12-07T08:00:00.000Z', '2026-11-30T08:00:00.000Z', '2026-11-30T07:59:59.999Z'].map((finishedAt) => ({ finishedAt }));
    expect(runsSince({ runs }, new Date('2026-11-30T08:00:00.000Z'))).toBe(2);
    expect(runsSince({ runs: [] }, new Date(0))).toBe(0);
  });
});

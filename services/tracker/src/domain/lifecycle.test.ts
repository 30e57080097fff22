import { activateTracker, advanceSchedule, createTracker, deleteTracker, pauseTracker, recordRun, reprice, startVerdict, updateTracker, type ActivationFacts, type Estimate, type TrackerState } from './lifecycle';

const now = new Date('2026-11-22T09:00:00.000Z');
const later = new Date('2026-11-22T10:00:00.000Z');
const definition = {
  name: 'T',
  cadence: { frequency: 'weekly' as const, timezone: 'UTC', time: '09:00', weekday: 1 },
  primitive: 'sentiment' as const,
  prompts: ['p'],
  models: ['chatgpt' as const],
  brand: 'Acme',
  competitors: [],
  url: null,
};

/** A cost at rate card `ratesVersion` (1 unless said). */
const at = (costMicro: number, ratesVersion = 1): Estimate => ({ costMicro, ratesVersion });

function draft(): TrackerState {
  const t = createTracker({ id: 'id-1', accountId: 'acc-1', definition, estimate: at(5_000), now });
  if (!t.ok) throw new Error('unreachable');
  return t.state;
}
const facts = (over: Partial<ActivationFacts> = {}): ActivationFacts => ({
  submittedMax: 5_000,
  estimate: at(5_000),
  balanceMicro: 5_000,
  spentThisMonthMicro: 0,
  spendLimitMicroPerMonth: null,
  nextRunAt: new Date('2026-11-23T09:00:00.000Z'),
  now: later,
  ...over,
});

describe('activateTracker', () => {
  it('activates when the amount matches and the balance covers exactly one run', () => {
    const r = activateTracker(draft(), facts());
    expect(r).toMatchObject({ ok: true, state: { status: 'ACTIVE', maxCostMicroPerRun: 5_000, nextRunAt: new Date('2026-11-23T09:00:00.000Z'), updatedAt: later } });
  });

  it('stores a changed estimate with the refusal', () => {
    const r = activateTracker(draft(), facts({ submittedMax: 5_000, estimate: at(6_000) }));
    expect(r).toMatchObject({ ok: false, error: { code: 'cost_estimate_changed', estimatedCostMicroPerRun: 6_000 }, state: { status: 'DRAFT', estimatedCostMicroPerRun: 6_000 } });
  });

  it('refuses a wrong amount without storing anything when the estimate itself is unchanged', () => {
    const r = activateTracker(draft(), facts({ submittedMax: 4_000 }));
    expect(r).toMatchObject({ ok: false, error: { code: 'cost_estimate_changed', estimatedCostMicroPerRun: 5_000 } });
    expect(r.state).toBeUndefined();
  });

  it('checks the balance after the amount, and the spend limit after the balance', () => {
    expect(activateTracker(draft(), facts({ balanceMicro: 4_999 }))).toMatchObject({ ok: false, error: { code: 'insufficient_credits', balanceMicro: 4_999, requiredMicro: 5_000 } });
    expect(activateTracker(draft(), facts({ spendLimitMicroPerMonth: 10_000, spentThisMonthMicro: 5_000 })).ok).toBe(true);
    expect(activateTracker(draft(), facts({ spendLimitMicroPerMonth: 10_000, spentThisMonthMicro: 5_001 }))).toMatchObject({ ok: false, error: { code: 'spend_limit_reached', spendLimitMicro: 10_000, spentMicro: 5_001 } });
  });

  it("counts this month's spend only when the first run falls in this month (UTC), as billing does", () => {
    const spent = { spendLimitMicroPerMonth: 10_000, spentThisMonthMicro: 9_000 };
    expect(activateTracker(draft(), facts({ ...spent, nextRunAt: new Date('2026-11-30T23:59:00.000Z') }))).toMatchObject({ ok: false, error: { code: 'spend_limit_reached' } });
    expect(activateTracker(draft(), facts({ ...spent, nextRunAt: new Date('2026-12-01T00:00:00.000Z') })).ok).toBe(true);
    expect(activateTracker(draft(), facts({ ...spent, estimate: at(10_001), submittedMax: 10_001, balanceMicro: 20_000, nextRunAt: new Date('2026-12-01T00:00:00.000Z') }))).toMatchObject({ ok: false, error: { code: 'spend_limit_reached' } });
  });

  it('answers a repeat on an ACTIVE tracker with the same state, and refuses another amount', () => {
    const active = activateTracker(draft(), facts());
    if (!active.ok) throw new Error('unreachable');
    const again = activateTracker(active.state, facts({ estimate: at(9_999) }));
    expect(again).toEqual({ ok: true, state: active.state, events: [] });
    expect(activateTracker(active.state, facts({ submittedMax: 1 }))).toMatchObject({ ok: false, error: { code: 'invalid_state' } });
  });
});

describe('pauseTracker', () => {
  const active = () => {
    const r = activateTracker(draft(), facts());
    if (!r.ok) throw new Error('unreachable');
    return r.state;
  };

  it('pauses ACTIVE with a reason when automatic, and without one when manual', () => {
    expect(pauseTracker(active(), 'insufficient_credits', later)).toMatchObject({ ok: true, state: { status: 'PAUSED', pauseReason: 'insufficient_credits', nextRunAt: null }, events: [{ subject: 'tracker.paused.v1', payload: { reason: 'insufficient_credits' } }] });
    expect(pauseTracker(active(), null, later)).toMatchObject({ state: { status: 'PAUSED', pauseReason: null } });
  });

  it('pauses a DRAFT manually but never automatically, and leaves a PAUSED tracker as it is', () => {
    expect(pauseTracker(draft(), null, later).state?.status).toBe('PAUSED');
    const d = draft();
    expect(pauseTracker(d, 'cost_above_maximum', later)).toEqual({ ok: true, state: d, events: [] });
    const paused = pauseTracker(active(), 'account_closed', later).state!;
    expect(pauseTracker(paused, null, later)).toEqual({ ok: true, state: paused, events: [] });
  });
});

describe('updateTracker and deleteTracker', () => {
  it('returns any tracker to DRAFT with its authorization cleared', () => {
    const r = activateTracker(draft(), facts());
    if (!r.ok) throw new Error('unreachable');
    const paused = pauseTracker(r.state, 'spend_limit_reached', later).state!;
    const u = updateTracker(paused, { ...definition, name: 'U' }, at(7_000), later);
    expect(u).toMatchObject({ ok: true, state: { name: 'U', status: 'DRAFT', maxCostMicroPerRun: null, nextRunAt: null, pauseReason: null, estimatedCostMicroPerRun: 7_000 }, events: [{ subject: 'tracker.updated.v1', payload: { previousStatus: 'PAUSED' } }] });
  });

  it('deletes only a PAUSED tracker without queued or running runs', () => {
    expect(deleteTracker(draft(), 0, later)).toMatchObject({ ok: false, error: { code: 'tracker_not_paused', status: 'DRAFT' } });
    const paused = pauseTracker(draft(), null, later).state!;
    expect(deleteTracker(paused, 1, later)).toMatchObject({ ok: false, error: { code: 'tracker_busy' } });
    expect(deleteTracker(paused, 0, later)).toMatchObject({ ok: true, events: [{ subject: 'tracker.deleted.v1' }] });
  });
});

describe('startVerdict', () => {
  const active = () => {
    const r = activateTracker(draft(), facts());
    if (!r.ok) throw new Error('unreachable');
    return r.state;
  };

  it('lets a run start only on the ACTIVE tracker with the definition version it was queued with', () => {
    expect(startVerdict(active(), 1)).toBe('start');
    expect(startVerdict(null, 1)).toBe('tracker_not_active');
    expect(startVerdict(pauseTracker(active(), null, later).state!, 1)).toBe('tracker_not_active');
  });

  it('says tracker_changed once a full replace gave the tracker a new definition version, even re-activated', () => {
    const edited = updateTracker(active(), definition, at(5_000), later).state!;
    expect(edited.definitionVersion).toBe(2);
    expect(startVerdict(edited, 1)).toBe('tracker_changed'); // a DRAFT after the edit: changed, not merely inactive
    const reactivated = activateTracker(edited, facts());
    expect(startVerdict(reactivated.state!, 1)).toBe('tracker_changed');
    expect(startVerdict(reactivated.state!, 2)).toBe('start');
  });
});

describe('reprice', () => {
  it('changes nothing at the card the tracker was priced at, whatever the cost', () => {
    const t = draft();
    expect(reprice(t, at(5_000), later)).toEqual({ ok: true, state: t, events: [] });
    expect(reprice(t, at(9_000), later)).toEqual({ ok: true, state: t, events: [] });
  });

  it('never reprices a tracker priced at a newer card with an older one (rates raised, restored, then the raise handled late)', () => {
    const activated = activateTracker(draft(), facts({ estimate: at(5_000, 3) }));
    expect(activated.state).toMatchObject({ status: 'ACTIVE', ratesVersion: 3 });
    expect(reprice(activated.state!, at(7_000, 2), later)).toEqual({ ok: true, state: activated.state, events: [] });
  });

  it('reprices at a newer card, and records it even when the cost is the same, so an older card later changes nothing', () => {
    const active = activateTracker(draft(), facts()).state!;
    const same = reprice(active, at(5_000, 3), later);
    expect(same).toEqual({ ok: true, state: { ...active, ratesVersion: 3 }, events: [] }); // updatedAt stays: nothing a user sees changed
    expect(reprice(same.state!, at(7_000, 2), later).state).toBe(same.state);
    expect(reprice(same.state!, at(7_000, 4), later)).toMatchObject({ state: { status: 'PAUSED', pauseReason: 'cost_above_maximum', estimatedCostMicroPerRun: 7_000, ratesVersion: 4 } });
  });

  it('records the card of every estimate it sets: create, update, activate, and a refused activation', () => {
    expect(createTracker({ id: 'id-2', accountId: 'acc-1', definition, estimate: at(5_000, 4), now }).state).toMatchObject({ estimatedCostMicroPerRun: 5_000, ratesVersion: 4 });
    expect(updateTracker(draft(), definition, at(6_000, 5), later).state).toMatchObject({ estimatedCostMicroPerRun: 6_000, ratesVersion: 5 });
    expect(activateTracker(draft(), facts({ estimate: at(5_000, 6) })).state).toMatchObject({ ratesVersion: 6 });
    expect(activateTracker(draft(), facts({ estimate: at(6_000, 7) })).state).toMatchObject({ estimatedCostMicroPerRun: 6_000, ratesVersion: 7 });
  });

  it('stores a new estimate on a draft without pausing or announcing anything', () => {
    expect(reprice(draft(), at(7_000, 2), later)).toMatchObject({ ok: true, state: { status: 'DRAFT', estimatedCostMicroPerRun: 7_000, updatedAt: later }, events: [] });
  });

  it('pauses an ACTIVE tracker whose new estimate is above its accepted maximum, showing the new estimate', () => {
    const r = activateTracker(draft(), facts());
    const repriced = reprice(r.state!, at(7_000, 2), later);
    expect(repriced).toMatchObject({ ok: true, state: { status: 'PAUSED', pauseReason: 'cost_above_maximum', estimatedCostMicroPerRun: 7_000, maxCostMicroPerRun: 5_000 } });
    expect(repriced.events).toHaveLength(1);
  });

  it('keeps an ACTIVE tracker running when the new estimate is within its maximum', () => {
    const r = activateTracker(draft(), facts());
    expect(reprice(r.state!, at(4_000, 2), later)).toMatchObject({ state: { status: 'ACTIVE', estimatedCostMicroPerRun: 4_000 }, events: [] });
  });
});

describe('advanceSchedule: one write per scheduled occurrence, recording its run', () => {
  const occurrence = new Date('2026-11-23T09:00:00.000Z');
  const next = new Date('2026-11-30T09:00:00.000Z');
  const advancedAt = new Date('2026-11-23T09:00:02.000Z');
  const active = (): TrackerState => {
    const r = activateTracker(draft(), facts({ nextRunAt: occurrence }));
    if (!r.ok) throw new Error('unreachable');
    return r.state;
  };

  it('moves nextRunAt on and records the run in the same change', () => {
    expect(advanceSchedule(active(), occurrence, next, advancedAt).state).toMatchObject({ nextRunAt: next, lastRunAt: advancedAt, updatedAt: advancedAt });
  });

  it('only records the run of a tracker paused before its advance, once', () => {
    const paused = pauseTracker(active(), null, later).state!;
    const recorded = advanceSchedule(paused, occurrence, next, advancedAt).state!;
    expect(recorded).toMatchObject({ status: 'PAUSED', lastRunAt: advancedAt });
    expect(recorded.nextRunAt).toEqual(paused.nextRunAt);
    expect(advanceSchedule(recorded, occurrence, next, new Date(advancedAt.getTime() + 5_000)).state).toBe(recorded);
  });

  it('changes nothing when an advance is repeated', () => {
    const advanced = advanceSchedule(active(), occurrence, next, advancedAt).state!;
    expect(advanceSchedule(advanced, occurrence, next, new Date(advancedAt.getTime() + 5_000)).state).toBe(advanced);
  });

  it('never moves lastRunAt back', () => {
    const advanced = advanceSchedule(active(), occurrence, next, advancedAt).state!;
    expect(recordRun(advanced, new Date(advancedAt.getTime() - 1_000)).state).toBe(advanced);
  });
});

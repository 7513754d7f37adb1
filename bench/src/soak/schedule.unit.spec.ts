import { describe, expect, it } from '@jest/globals';
import {
  API_START_MS,
  FAULT_KINDS,
  faultSchedule,
  FIRST_FAULT_MS,
  QUIET_END_MS,
  seededRandom,
  SMTP_OUTAGE_MS,
} from './schedule.js';

describe('seededRandom', () => {
  it('gives the same numbers for the same seed, others for another, all in [0, 1)', () => {
    const take = (seed: number) => Array.from({ length: 100 }, seededRandom(seed));

    expect(take(42)).toEqual(take(42));
    expect(take(42)).not.toEqual(take(43));
    expect(take(7).every((value) => value >= 0 && value < 1)).toBe(true);
  });
});

describe('faultSchedule', () => {
  it('is the same for the same seed, so a failing run can be repeated', () => {
    expect(faultSchedule(2111, 180_000)).toEqual(faultSchedule(2111, 180_000));
    expect(faultSchedule(2111, 180_000)).not.toEqual(faultSchedule(2112, 180_000));
  });

  it.each([1, 2111, 4_000_000_000])(
    'in three minutes (seed %d), brings every fault once, in order',
    (seed) => {
      const faults = faultSchedule(seed, 180_000);

      expect(faults.map((fault) => fault.kind).sort()).toEqual([...FAULT_KINDS].sort());
      expect(faults.map((fault) => fault.atMs)).toEqual(
        faults.map((fault) => fault.atMs).sort((a, b) => a - b),
      );
    },
  );

  it.each([180_000, 300_000, 600_000])(
    "in %d ms, ends every fault (an api instance's start included) before the quiet end",
    (durationMs) => {
      for (const seed of [3, 5, 8, 13, 21]) {
        for (const fault of faultSchedule(seed, durationMs)) {
          expect(fault.atMs).toBeGreaterThanOrEqual(FIRST_FAULT_MS);
          const starting = fault.kind === 'kill-api' ? API_START_MS : 0;
          expect(fault.atMs + fault.downMs + starting).toBeLessThanOrEqual(durationMs - QUIET_END_MS);
          expect([0, 1]).toContain(fault.instance);
        }
      }
    },
  );

  it('keeps the SMTP server away 30 s, and adds a fault for every further 30 s of a longer run', () => {
    const faults = faultSchedule(9, 300_000);

    expect(
      faults.filter((fault) => fault.kind === 'stop-smtp').every((fault) => fault.downMs === SMTP_OUTAGE_MS),
    ).toBe(true);
    expect(faults).toHaveLength(FAULT_KINDS.length + 4);
  });
});

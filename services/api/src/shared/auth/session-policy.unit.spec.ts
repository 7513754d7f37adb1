import { describe, expect, it } from '@jest/globals';
import { isSessionLive, sessionExpiry, shouldRecordActivity, type SessionTimes } from './session-policy.js';

const policy = { idleMinutes: 30, rememberedIdleDays: 7 };
const start = new Date('2026-03-02T10:00:00Z');
const after = (ms: number) => new Date(start.getTime() + ms);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function session(persistent: boolean, overrides: Partial<SessionTimes> = {}): SessionTimes {
  return {
    persistent,
    lastSeenAt: start,
    expiresAt: sessionExpiry(start, persistent),
    endedAt: null,
    ...overrides,
  };
}

describe('sessionExpiry', () => {
  it('gives a remember-me session 30 days and a browser session 12 hours', () => {
    expect(sessionExpiry(start, true)).toEqual(new Date('2026-04-01T10:00:00Z'));
    expect(sessionExpiry(start, false)).toEqual(new Date('2026-03-02T22:00:00Z'));
  });
});

describe('isSessionLive', () => {
  it('ends a browser session after 30 idle minutes', () => {
    expect(isSessionLive(session(false), after(30 * MINUTE - 1), policy)).toBe(true);
    expect(isSessionLive(session(false), after(30 * MINUTE), policy)).toBe(false);
  });

  it('keeps a busy browser session until its 12 hours are up', () => {
    const busy = session(false, { lastSeenAt: after(12 * 60 * MINUTE - MINUTE) });

    expect(isSessionLive(busy, after(12 * 60 * MINUTE - 1), policy)).toBe(true);
    expect(isSessionLive(busy, after(12 * 60 * MINUTE), policy)).toBe(false);
  });

  it('lets a remember-me session idle for days, never past 30 days', () => {
    expect(isSessionLive(session(true), after(7 * DAY - 1), policy)).toBe(true);
    expect(isSessionLive(session(true), after(7 * DAY), policy)).toBe(false);
    const busy = session(true, { lastSeenAt: after(30 * DAY - MINUTE) });
    expect(isSessionLive(busy, after(30 * DAY), policy)).toBe(false);
  });

  it('refuses an ended session at once', () => {
    expect(isSessionLive(session(true, { endedAt: start }), after(1), policy)).toBe(false);
  });
});

describe('shouldRecordActivity', () => {
  it('records at most once a minute', () => {
    expect(shouldRecordActivity(start, after(MINUTE - 1))).toBe(false);
    expect(shouldRecordActivity(start, after(MINUTE))).toBe(true);
  });
});

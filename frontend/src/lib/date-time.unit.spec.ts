import { describe, expect, it } from '@jest/globals';

import { fromLocalInputValue, fromLocalInputValueEndOfMinute, toLocalInputValue } from './date-time.js';

describe('datetime-local field values', () => {
  it('reads the local minute typed as its start or its end in UTC, and shows it back as typed', () => {
    const start = fromLocalInputValue('2026-11-20T15:30');
    const end = fromLocalInputValueEndOfMinute('2026-11-20T15:30');
    expect(start).toBe(new Date(2026, 10, 20, 15, 30).toISOString());
    expect(end).toBe(new Date(2026, 10, 20, 15, 30, 59, 999).toISOString());
    expect(toLocalInputValue(start!)).toBe('2026-11-20T15:30');
    expect(toLocalInputValue(end!)).toBe('2026-11-20T15:30');
    expect(fromLocalInputValueEndOfMinute('2026-11-20T15:30:45')).toBe(end);
  });

  it('refuses what is not a date and time', () => {
    for (const read of [fromLocalInputValue, fromLocalInputValueEndOfMinute]) {
      expect(read('')).toBeUndefined();
      expect(read('2026-11-20')).toBeUndefined();
      expect(read('2026-13-45T99:99')).toBeUndefined();
    }
    expect(toLocalInputValue('not a moment')).toBe('');
  });
});

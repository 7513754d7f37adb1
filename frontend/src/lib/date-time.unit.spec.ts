import { describe, expect, it } from '@jest/globals';

import {
  formatDate,
  formatDateTime,
  fromLocalInputValue,
  fromLocalInputValueEndOfMinute,
  toLocalInputValue,
} from './date-time.js';

describe('dates and times as en-US writes them, without Intl', () => {
  const intlDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
  const intlDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  // Every hour and a few minutes of a day (midnight and noon among them), each month's first and last day,
  // a leap day and years far apart.
  const moments = [
    ...Array.from(
      { length: 24 * 4 },
      (_, index) => new Date(2026, 10, 20, Math.floor(index / 4), (index % 4) * 19),
    ),
    ...Array.from({ length: 12 }, (_, month) => new Date(2026, month, 1, 9, 5)),
    ...Array.from({ length: 12 }, (_, month) => new Date(2025, month + 1, 0, 23, 59)),
    new Date(2028, 1, 29, 12, 0),
    new Date(1999, 11, 31, 0, 0),
    new Date(2100, 0, 1, 12, 30),
  ];

  it('gives exactly what Intl.DateTimeFormat gives, in the local time zone', () => {
    for (const moment of moments) {
      expect(formatDate(moment.toISOString())).toBe(intlDate.format(moment));
      expect(formatDateTime(moment.toISOString())).toBe(intlDateTime.format(moment));
    }
    expect(formatDateTime(new Date(2026, 10, 20, 15, 30).toISOString())).toBe('Nov 20, 2026, 3:30 PM');
    expect(formatDate(new Date(2026, 10, 20, 0, 5).toISOString())).toBe('Nov 20, 2026');
  });

  it('refuses what is not a moment, as Intl does', () => {
    expect(() => formatDate('not a moment')).toThrow(RangeError);
    expect(() => formatDateTime('')).toThrow(RangeError);
  });
});

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

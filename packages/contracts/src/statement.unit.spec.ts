import { describe, expect, it } from '@jest/globals';
import { timelineQuery } from './statement.js';

const toErrors = (query: Record<string, string>) => {
  const result = timelineQuery.safeParse(query);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('timeline query bounds', () => {
  it('takes From and To as instants, whatever their offsets and fractions of a second', () => {
    expect(toErrors({ from: '2026-03-15T10:00:00Z', to: '2026-03-15T10:00:00.500Z' })).toEqual([]);
    // 11:30 at +02:00 is 09:30 UTC: before 10:00 UTC although its text sorts after it.
    expect(toErrors({ from: '2026-03-15T10:00:00Z', to: '2026-03-15T11:30:00+02:00' })).toEqual([
      'to: must not be before from',
    ]);
    expect(toErrors({ from: '2026-03-15T11:30:00+02:00', to: '2026-03-15T10:00:00Z' })).toEqual([]);
  });

  it('refuses a To before From with one message on to', () => {
    expect(toErrors({ from: '2026-03-16T00:00:00Z', to: '2026-03-15T00:00:00Z' })).toEqual([
      'to: must not be before from',
    ]);
  });
});

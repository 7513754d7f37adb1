import { describe, expect, it } from '@jest/globals';

import { formatAge, formatApprovalChange, summariseProposal } from './approval-format.js';

describe('a proposal as the screens write it', () => {
  it('groups amounts and leaves other values as they are', () => {
    expect(formatApprovalChange({ label: 'Available', before: '0.00', after: '1500.00' })).toBe(
      'Available: 0.00 \u2192 1,500.00',
    );
    expect(formatApprovalChange({ label: 'Account', before: 'Locked', after: 'Unlocked' })).toBe(
      'Account: Locked \u2192 Unlocked',
    );
  });

  it('names the money it moves, else its changes', () => {
    expect(summariseProposal({ amount: '1500.00', changes: [] })).toBe('$1,500.00');
    expect(
      summariseProposal({
        amount: null,
        changes: [
          { label: 'Daily limit', before: '50000.00', after: '1000.00' },
          { label: '30-day limit', before: '250000.00', after: '5000.00' },
        ],
      }),
    ).toBe('Daily limit: 50,000.00 \u2192 1,000.00; 30-day limit: 250,000.00 \u2192 5,000.00');
  });

  it('gives its age in minutes, hours or days', () => {
    const proposedAt = '2026-11-20T10:00:00.000Z';
    const at = (ms: number) => new Date(proposedAt).getTime() + ms;
    expect(formatAge(proposedAt, at(30_000))).toBe('just now');
    expect(formatAge(proposedAt, at(12 * 60_000))).toBe('12 min');
    expect(formatAge(proposedAt, at(3 * 3_600_000 + 59 * 60_000))).toBe('3 h');
    expect(formatAge(proposedAt, at(2 * 86_400_000 + 5 * 3_600_000))).toBe('2 d');
  });
});

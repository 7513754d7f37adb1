import { describe, expect, it } from '@jest/globals';

import { actorLabel, counted, eventLabel, eventTypeLabel } from './account-events.js';

describe('account event labels', () => {
  it("names the bucket an adjustment moved, in the balances' words", () => {
    expect(eventLabel('DepositConfirmed', null)).toBe('Deposit confirmed');
    expect(eventLabel('BalanceAdjusted', 'available')).toBe('Balance adjusted (Available)');
    expect(eventLabel('BalanceAdjusted', 'invested')).toBe('Balance adjusted (Invested)');
    expect(eventLabel('BalanceAdjusted', 'profit')).toBe('Balance adjusted (Unlocked profit)');
    expect(eventLabel('BalanceAdjusted', 'profit_locked')).toBe('Balance adjusted (Locked profit)');
    expect(eventLabel('BalanceAdjusted', 'bonus')).toBe('Balance adjusted (bonus)');
  });

  it('reads a type it does not know yet as words', () => {
    expect(eventTypeLabel('ProfitAccrued')).toBe('Profit accrued');
    expect(eventTypeLabel('LateFeeCharged')).toBe('Late fee charged');
    expect(eventLabel('LateFeeCharged', null)).toBe('Late fee charged');
  });

  it('names who recorded an event', () => {
    expect(actorLabel({ id: 'm', role: 'member', name: null })).toBe('Member');
    expect(actorLabel({ id: null, role: 'system', name: null })).toBe('System');
    expect(actorLabel({ id: 'a', role: 'admin', name: 'Grace Hopper' })).toBe('Grace Hopper (admin)');
    expect(actorLabel({ id: 'a', role: 'auditor', name: null })).toBe('Unknown (auditor)');
    expect(actorLabel({ id: null, role: null, name: null })).toBe('\u2014');
  });
});

describe('counted', () => {
  it('names one thing in the singular and any other number in the plural', () => {
    expect([0, 1, 2].map((count) => counted(count, 'event'))).toEqual(['0 events', '1 event', '2 events']);
    expect(counted(1, 'stream')).toBe('1 stream');
  });
});

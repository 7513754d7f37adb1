import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@ledgerstone/eventstore';
import { activityRecord } from './admin-account-activity.js';

function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  return {
    globalPosition: 7n,
    transactionId: 3n,
    streamId: 'account-1',
    streamPosition: 4,
    id: '0b6f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
    type,
    data,
    metadata: { actorRole: 'system' },
    recordedAt: new Date('2026-11-21T00:05:00Z'),
    hash: 'ab',
  };
}

describe('an account event as staff see it', () => {
  it('shows the amount of an event that carries one', () => {
    expect(activityRecord(recorded('ProfitAccrued', { amount: '1667' }), new Map()).amount).toBe('16.67');
  });

  it('shows a maturity as the principal and profit it releases', () => {
    const matured = recorded('InvestmentMatured', { principal: '150000', profit: '75000' });
    expect(activityRecord(matured, new Map()).amount).toBe('2250.00');
  });

  it('shows zero for an event that moved no money', () => {
    expect(activityRecord(recorded('Unknown', {}), new Map()).amount).toBe('0.00');
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@ledgerstone/eventstore';
import { boardJobUrl, transactionEvents } from './transaction-jobs.js';

const userId = randomUUID();
let position = 0;

function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  position += 1;
  return {
    globalPosition: BigInt(position),
    transactionId: BigInt(position),
    streamId: `account-${userId}`,
    streamPosition: position,
    id: randomUUID(),
    type,
    data: { userId, ...data },
    metadata: {},
    recordedAt: new Date(Date.UTC(2026, 10, 22, 0, 0, position)),
    hash: '',
  };
}

describe('transactionEvents', () => {
  const [depositId, otherDeposit, withdrawalId, investmentId, otherInvestment] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  const stream = [
    recorded('DepositRequested', { depositId }),
    recorded('DepositRequested', { depositId: otherDeposit }),
    recorded('DepositConfirmed', { depositId, investmentId }),
    recorded('DepositConfirmed', { depositId: otherDeposit, investmentId: otherInvestment }),
    recorded('WithdrawalRequested', { withdrawalId }),
    recorded('BalanceAdjusted', { adjustmentId: randomUUID() }),
    recorded('ProfitAccrued', { investmentId, day: '2026-11-23' }),
    recorded('WithdrawalRejected', { withdrawalId }),
    recorded('InvestmentMatured', { investmentId: otherInvestment }),
    recorded('InvestmentMatured', { investmentId }),
  ];
  const types = (events: RecordedEvent[]) => events.map((event) => [event.type, event.streamPosition]);

  it("given a stream of several transactions, a deposit's are its own and its investment's maturity, in order", () => {
    expect(types(transactionEvents(stream, { type: 'deposit', id: depositId }))).toEqual([
      ['DepositRequested', 1],
      ['DepositConfirmed', 3],
      ['InvestmentMatured', 10],
    ]);
  });

  it("given the same stream, a withdrawal's are those naming it", () => {
    expect(types(transactionEvents(stream, { type: 'withdrawal', id: withdrawalId }))).toEqual([
      ['WithdrawalRequested', 5],
      ['WithdrawalRejected', 8],
    ]);
  });

  it('given an id of the other type, or of nothing, there are none', () => {
    expect(transactionEvents(stream, { type: 'withdrawal', id: depositId })).toEqual([]);
    expect(transactionEvents(stream, { type: 'deposit', id: randomUUID() })).toEqual([]);
  });
});

describe('boardJobUrl', () => {
  it("is the board UI's page of the job, its parts escaped", () => {
    expect(boardJobUrl('mail', 'a1b2')).toBe('/api/admin/queues/queue/mail/a1b2');
    expect(boardJobUrl('mail', 'a/b c')).toBe('/api/admin/queues/queue/mail/a%2Fb%20c');
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { projectionDatabase } from '../testing/projection-database.js';
import { BITCOIN_METHOD_ID, EventLog, memberEvents } from '../testing/recorded-events.js';
import { withdrawalsProjection } from './withdrawals.projection.js';

const { deliver, row } = projectionDatabase('read_models_withdrawals', [withdrawalsProjection]);
const log = new EventLog();

describe('withdrawal history', () => {
  const withdrawal = (withdrawalId: string) => row('rm_withdrawals', 'withdrawal_id', withdrawalId);

  it('a request makes a pending withdrawal with its source and method', async () => {
    const member = memberEvents(log);
    const withdrawalId = randomUUID();

    await deliver(withdrawalsProjection, [member.withdrawalRequested(withdrawalId, '10000', 'profit')]);

    expect(await withdrawal(withdrawalId)).toEqual({
      withdrawal_id: withdrawalId,
      user_id: member.userId,
      amount: 10000n,
      source: 'profit',
      payment_method_id: BITCOIN_METHOD_ID,
      status: 'pending',
      reason: null,
      payout_reference: null,
      requested_at: new Date('2026-11-21T12:00:00.000Z'),
      decided_at: null,
      version: 1,
    });
  });

  it('given a request, paying it keeps the payout reference', async () => {
    const member = memberEvents(log);
    const withdrawalId = randomUUID();
    await deliver(withdrawalsProjection, [member.withdrawalRequested(withdrawalId, '10000')]);

    await deliver(withdrawalsProjection, [member.withdrawalPaid(withdrawalId, '10000', 'balance', 'tx-42')]);

    expect(await withdrawal(withdrawalId)).toMatchObject({
      status: 'paid',
      payout_reference: 'tx-42',
      reason: null,
      decided_at: new Date('2026-11-21T14:00:00.000Z'),
      version: 2,
    });
  });

  it('given a request, a rejection keeps its reason and no payout reference', async () => {
    const member = memberEvents(log);
    const withdrawalId = randomUUID();
    await deliver(withdrawalsProjection, [member.withdrawalRequested(withdrawalId, '10000')]);

    await deliver(withdrawalsProjection, [
      member.withdrawalRejected(withdrawalId, '10000', 'balance', 'Bad address'),
    ]);

    expect(await withdrawal(withdrawalId)).toMatchObject({
      status: 'rejected',
      reason: 'Bad address',
      payout_reference: null,
    });
  });

  it('a batch delivered twice leaves the same row', async () => {
    const member = memberEvents(log);
    const withdrawalId = randomUUID();
    const batch = [
      member.withdrawalRequested(withdrawalId, '10000'),
      member.withdrawalPaid(withdrawalId, '10000'),
    ];
    await deliver(withdrawalsProjection, batch);
    const once = await withdrawal(withdrawalId);

    await deliver(withdrawalsProjection, batch);

    expect(await withdrawal(withdrawalId)).toEqual(once);
    expect(once).toMatchObject({ status: 'paid' });
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { projectionDatabase } from '../testing/projection-database.js';
import { BITCOIN_METHOD_ID, EventLog, memberEvents } from '../testing/recorded-events.js';
import { transactionsProjection } from './transactions.projection.js';

const { deliver, row } = projectionDatabase('read_models_transactions', [transactionsProjection]);
const log = new EventLog();

describe('admin transaction list', () => {
  const transaction = (id: string) => row('rm_transactions', 'id', id);

  it('lists deposits and withdrawals with their type, amount, method and member, pending at first', async () => {
    const member = memberEvents(log);
    const [depositId, withdrawalId] = [randomUUID(), randomUUID()];

    await deliver(transactionsProjection, [
      member.depositRequested(depositId, '150000'),
      member.withdrawalRequested(withdrawalId, '1000'),
    ]);

    expect(await transaction(depositId)).toEqual({
      id: depositId,
      type: 'deposit',
      user_id: member.userId,
      status: 'pending',
      amount: 150000n,
      payment_method_id: BITCOIN_METHOD_ID,
      transaction_hash: null,
      created_at: new Date('2026-11-21T12:00:00.000Z'),
      version: 1,
    });
    expect(await transaction(withdrawalId)).toMatchObject({
      type: 'withdrawal',
      status: 'pending',
      amount: 1000n,
      transaction_hash: null,
    });
  });

  it("keeps the transaction hash a member gave with a deposit, as given, through the admin's decision", async () => {
    const member = memberEvents(log);
    const [confirmedId, rejectedId] = [randomUUID(), randomUUID()];
    const hash = `0x${'ab'.repeat(32)}`;
    const untrusted = "<img src=x onerror=alert(1)> \u202e'; drop table rm_transactions; --";

    await deliver(transactionsProjection, [
      member.depositRequested(confirmedId, '5000', hash),
      member.depositRequested(rejectedId, '5000', untrusted),
    ]);
    await deliver(transactionsProjection, [
      member.depositConfirmed(confirmedId, '5000'),
      member.depositRejected(rejectedId, '5000'),
    ]);

    expect(await transaction(confirmedId)).toMatchObject({ status: 'completed', transaction_hash: hash });
    expect(await transaction(rejectedId)).toMatchObject({ status: 'rejected', transaction_hash: untrusted });
  });

  it.each([
    ['a confirmed deposit', 'completed', 'deposit'],
    ['a rejected deposit', 'rejected', 'deposit'],
    ['a paid withdrawal', 'paid', 'withdrawal'],
    ['a rejected withdrawal', 'rejected', 'withdrawal'],
  ] as const)('%s is %s', async (_, status, type) => {
    const member = memberEvents(log);
    const id = randomUUID();
    const requested =
      type === 'deposit' ? member.depositRequested(id, '5000') : member.withdrawalRequested(id, '5000');
    await deliver(transactionsProjection, [requested]);

    const decision = {
      completed: () => member.depositConfirmed(id, '5000'),
      paid: () => member.withdrawalPaid(id, '5000'),
      rejected: () =>
        type === 'deposit' ? member.depositRejected(id, '5000') : member.withdrawalRejected(id, '5000'),
    }[status]();
    await deliver(transactionsProjection, [decision]);

    expect(await transaction(id)).toMatchObject({ type, status, version: 2 });
  });

  it('a batch delivered twice leaves the same rows', async () => {
    const member = memberEvents(log);
    const id = randomUUID();
    const batch = [member.depositRequested(id, '5000'), member.depositConfirmed(id, '5000')];
    await deliver(transactionsProjection, batch);
    const once = await transaction(id);

    await deliver(transactionsProjection, batch);

    expect(await transaction(id)).toEqual(once);
    expect(once).toMatchObject({ status: 'completed' });
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { projectionDatabase } from '../testing/projection-database.js';
import { BITCOIN_METHOD_ID, EventLog, memberEvents } from '../testing/recorded-events.js';
import { depositsProjection } from './deposits.projection.js';

const { deliver, row } = projectionDatabase('read_models_deposits', [depositsProjection]);
const log = new EventLog();

describe('deposit history', () => {
  const deposit = (depositId: string) => row('rm_deposits', 'deposit_id', depositId);

  it('a request makes a pending deposit with the plan terms and method', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();

    await deliver(depositsProjection, [member.depositRequested(depositId, '150000')]);

    expect(await deposit(depositId)).toEqual({
      deposit_id: depositId,
      user_id: member.userId,
      amount: 150000n,
      plan_name: 'Gold',
      percentage: '50',
      payment_method_id: BITCOIN_METHOD_ID,
      status: 'pending',
      reason: null,
      requested_at: new Date('2026-11-21T12:00:00.000Z'),
      decided_at: null,
      version: 1,
    });
  });

  it('given a request, a confirmation completes it', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(depositsProjection, [member.depositRequested(depositId, '150000')]);

    await deliver(depositsProjection, [member.depositConfirmed(depositId, '150000')]);

    expect(await deposit(depositId)).toMatchObject({
      status: 'completed',
      reason: null,
      decided_at: new Date('2026-11-21T13:00:00.000Z'),
      version: 2,
    });
  });

  it('given a request, a rejection keeps its reason', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(depositsProjection, [member.depositRequested(depositId, '150000')]);

    await deliver(depositsProjection, [member.depositRejected(depositId, '150000', 'Blurred proof')]);

    expect(await deposit(depositId)).toMatchObject({
      status: 'rejected',
      reason: 'Blurred proof',
      decided_at: new Date('2026-11-21T13:00:00.000Z'),
    });
  });

  it('a batch delivered twice, or an old request delivered again, leaves the same row', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    const requested = member.depositRequested(depositId, '150000');
    const batch = [requested, member.depositRejected(depositId, '150000')];
    await deliver(depositsProjection, batch);
    const once = await deposit(depositId);

    await deliver(depositsProjection, batch);
    await deliver(depositsProjection, [requested]);

    expect(await deposit(depositId)).toEqual(once);
    expect(once).toMatchObject({ status: 'rejected' });
  });
});

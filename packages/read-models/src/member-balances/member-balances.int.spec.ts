import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { projectionDatabase } from '../testing/projection-database.js';
import { EventLog, memberEvents } from '../testing/recorded-events.js';
import { memberBalancesProjection } from './member-balances.projection.js';

const { deliver, row } = projectionDatabase('read_models_member_balances', [memberBalancesProjection]);
const log = new EventLog();

describe('member balances', () => {
  const balances = (userId: string) => row('rm_member_balances', 'user_id', userId);

  it('given nothing, a deposit request makes a row of zeros at version 1', async () => {
    const member = memberEvents(log);
    await deliver(memberBalancesProjection, [member.depositRequested(randomUUID(), '100000')]);

    expect(await balances(member.userId)).toMatchObject({
      available: 0n,
      invested: 0n,
      total_deposited: 0n,
      version: 1,
    });
  });

  it('given a deposit request, a confirmation moves the amount to invested and total deposited', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(memberBalancesProjection, [member.depositRequested(depositId, '150000')]);

    await deliver(memberBalancesProjection, [member.depositConfirmed(depositId, '150000')]);

    expect(await balances(member.userId)).toMatchObject({
      invested: 150000n,
      total_deposited: 150000n,
      available: 0n,
      version: 2,
    });
  });

  it('given a deposit request, a rejection changes no figure', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(memberBalancesProjection, [member.depositRequested(depositId, '150000')]);

    await deliver(memberBalancesProjection, [member.depositRejected(depositId, '150000')]);

    expect(await balances(member.userId)).toMatchObject({ invested: 0n, total_deposited: 0n, version: 2 });
  });

  it('withdrawals reserve from their source, and paid or rejected ones leave the reserve', async () => {
    const member = memberEvents(log);
    const [paid, rejected] = [randomUUID(), randomUUID()];
    await deliver(memberBalancesProjection, [
      member.adjusted('available', '100000'),
      member.adjusted('profit', '50000'),
      member.withdrawalRequested(paid, '30000', 'balance'),
      member.withdrawalRequested(rejected, '20000', 'profit'),
    ]);
    expect(await balances(member.userId)).toMatchObject({
      available: 70000n,
      profit_unlocked: 30000n,
      reserved: 50000n,
    });

    await deliver(memberBalancesProjection, [
      member.withdrawalPaid(paid, '30000', 'balance'),
      member.withdrawalRejected(rejected, '20000', 'profit'),
    ]);

    expect(await balances(member.userId)).toMatchObject({
      available: 70000n,
      profit_unlocked: 50000n,
      reserved: 0n,
      total_withdrawn: 30000n,
      version: 6,
    });
  });

  it('a negative adjustment takes out of its bucket', async () => {
    const member = memberEvents(log);
    await deliver(memberBalancesProjection, [member.adjusted('invested', '10000')]);

    await deliver(memberBalancesProjection, [member.adjusted('invested', '-2500')]);

    expect(await balances(member.userId)).toMatchObject({ invested: 7500n, version: 2 });
  });

  it('a batch delivered twice leaves the same row', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    const batch = [
      member.depositRequested(depositId, '150000'),
      member.depositConfirmed(depositId, '150000'),
    ];
    await deliver(memberBalancesProjection, batch);
    const once = await balances(member.userId);

    await deliver(memberBalancesProjection, batch);

    expect(await balances(member.userId)).toEqual(once);
    expect(once).toMatchObject({ invested: 150000n, total_deposited: 150000n });
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { projectionDatabase } from '../testing/projection-database.js';
import { EventLog } from '../testing/recorded-events.js';
import { referralsProjection } from './referrals.projection.js';

const { deliver, row } = projectionDatabase('read_models_referrals', [referralsProjection]);
const log = new EventLog();

describe('referrals', () => {
  const referral = (userId: string) => row('rm_referrals', 'user_id', userId);

  it('records nothing for a member who came without a referrer', async () => {
    const userId = randomUUID();

    await deliver(referralsProjection, [
      log.identity('UserRegistered', { userId, role: 'member', referredBy: null }),
      log.identity('UserVerified', { userId }),
    ]);

    expect(await referral(userId)).toBeUndefined();
  });

  it('records a referred member as not verified, with the referrer and the registration time', async () => {
    const [userId, referrerId] = [randomUUID(), randomUUID()];
    const registered = log.identity('UserRegistered', { userId, role: 'member', referredBy: referrerId });

    await deliver(referralsProjection, [registered]);

    expect(await referral(userId)).toEqual({
      user_id: userId,
      referrer_id: referrerId,
      created_at: registered.recordedAt,
      verified: false,
      version: 1,
    });
  });

  it('given a referred member, verification marks them verified', async () => {
    const [userId, referrerId] = [randomUUID(), randomUUID()];
    await deliver(referralsProjection, [
      log.identity('UserRegistered', { userId, role: 'member', referredBy: referrerId }),
    ]);

    await deliver(referralsProjection, [log.identity('UserVerified', { userId })]);

    expect(await referral(userId)).toMatchObject({ verified: true, version: 2 });
  });

  it('a batch delivered twice leaves the same row', async () => {
    const [userId, referrerId] = [randomUUID(), randomUUID()];
    const batch = [
      log.identity('UserRegistered', { userId, role: 'member', referredBy: referrerId }),
      log.identity('UserVerified', { userId }),
    ];
    await deliver(referralsProjection, batch);
    const once = await referral(userId);

    await deliver(referralsProjection, batch);

    expect(await referral(userId)).toEqual(once);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { lockMessages } from '@ledgerstone/contracts';
import { signLockLink } from '@ledgerstone/process-kit';
import { sql } from 'kysely';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { LOCAL_ACCOUNT_LINK_KEY } from '../shared/config/config.js';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import { untilWaitingForLocks } from '../testing/lock-waits.js';
import { adjustBalancesAtCurrentVersion, memberDetail } from '../testing/account-steps.js';

/**
 * A close that overlaps a staff change of the account: the change finds the account open before its
 * transaction, and closed once it holds the account's lock. The close is held at a table lock the test takes
 * until the change waits for the member's row, so the two overlap on every run.
 */

const HOUR_MS = 3_600_000;

let testApp: AccountsTestApp;
let admin: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('closed_account_race');
  admin = await testApp.admin();
});

afterAll(async () => {
  await testApp?.close();
});

function untilWaiting(count: number): Promise<void> {
  return untilWaitingForLocks(testApp.db, count);
}

/**
 * Closes the member and sends `change` while the close holds the member's row: the close waits at a lock on
 * withdrawal_destinations (its next write), the change is sent once it does, and the lock goes once the
 * change waits too.
 */
async function changedWhileClosing(
  userId: string,
  change: () => Promise<Response>,
): Promise<{ close: Response; change: Response }> {
  const { closing, changing } = await testApp.db.transaction().execute(async (trx) => {
    await sql`lock table withdrawal_destinations in access exclusive mode`.execute(trx);
    const closing = admin.browser.delete(`/api/admin/users/${userId}`).then((response) => response);
    await untilWaiting(1);
    const changing = change();
    await untilWaiting(2);
    // Wrapped, so that the transaction commits without waiting for the requests it holds.
    return { closing: { closing }, changing: { changing } };
  });
  return { close: await closing.closing, change: await changing.changing };
}

async function openMember(): Promise<string> {
  const { userId } = await testApp.member();
  await adjustBalancesAtCurrentVersion(admin.browser, userId, {
    available: '500.00',
    reason: 'Opening balance',
  });
  return userId;
}

const closed = { status: 409, message: 'This account is closed.' };

describe('a staff change racing the close of the account', () => {
  it('refuses a balance adjustment that read the account open: the close wins and no money moves', async () => {
    const userId = await openMember();
    const detail = await memberDetail(admin.browser, userId);
    const before = await testApp.accountEvents(userId);

    const { close, change } = await changedWhileClosing(userId, () =>
      admin.browser
        .put(`/api/admin/users/${userId}/balances`)
        .send({
          available: { shown: detail.buckets.available, target: '5000.00' },
          reason: 'Goodwill',
          version: detail.version,
        })
        .then((response) => response),
    );

    expect(close.status).toBe(200);
    expect({ status: change.status, message: change.body.message }).toEqual(closed);
    expect(await testApp.accountEvents(userId)).toHaveLength(before.length);
  });

  it('refuses new withdrawal limits that read the account open', async () => {
    const userId = await openMember();
    const before = await testApp.accountEvents(userId);

    const { close, change } = await changedWhileClosing(userId, () =>
      admin.browser
        .put(`/api/admin/users/${userId}/withdrawal-limits`)
        .send({ daily: '100.00', thirty_days: '1000.00', reason: 'Asked by the member' })
        .then((response) => response),
    );

    expect(close.status).toBe(200);
    expect({ status: change.status, message: change.body.message }).toEqual(closed);
    expect(await testApp.accountEvents(userId)).toHaveLength(before.length);
  });

  it('refuses to lift a lock that read the account open', async () => {
    const userId = await openMember();
    const token = signLockLink(LOCAL_ACCOUNT_LINK_KEY, {
      userId,
      linkId: randomUUID(),
      expiresAt: new Date(testApp.clock.now().getTime() + HOUR_MS),
    });
    await testApp
      .browser()
      .post('/api/account/lock')
      .send({ token })
      .expect(200, { message: lockMessages.locked });
    const before = await testApp.accountEvents(userId);

    const { close, change } = await changedWhileClosing(userId, () =>
      admin.browser
        .post(`/api/admin/users/${userId}/unlock`)
        .send({ reason: 'The owner called from the number on file' })
        .then((response) => response),
    );

    expect(close.status).toBe(200);
    expect({ status: change.status, message: change.body.message }).toEqual(closed);
    expect(await testApp.accountEvents(userId)).toHaveLength(before.length);
  });

  it('still answers 404 to a change sent after the close', async () => {
    const userId = await openMember();
    await admin.browser.delete(`/api/admin/users/${userId}`).expect(200);
    await admin.browser
      .put(`/api/admin/users/${userId}/withdrawal-limits`)
      .send({ daily: '100.00', thirty_days: '1000.00', reason: 'Asked by the member' })
      .expect(404);
  });
});

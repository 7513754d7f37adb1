import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { adminAccountActivity } from '@ledgerstone/contracts';
import { totpCodeAt } from '../../identity/index.js';
import { startAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app.js';
import {
  adjustBalancesAtCurrentVersion,
  confirmedDeposit,
  rejectWithdrawal,
  requestDeposit,
  requestWithdrawal,
  signInAs,
  type SignedInUser,
} from '../../testing/account-steps.js';
import { activeMember, MEMBER_PASSWORD, signedIn } from '../../testing/identity-test-app.js';

let testApp: AccountsTestApp;
let admin: SignedInUser;
let auditor: SignedInUser;
let member: SignedInUser;

/** The member's address book saved before the withdrawal: three events that move no money. */
const ADDRESS_BOOK_SAVED = Array.from({ length: 3 }, () =>
  expect.objectContaining({ type: 'PayoutAddressSaved', amount: '0.00', bucket: null, reason: null }),
);

beforeAll(async () => {
  testApp = await startAccountsTestApp('admin_account_activity');
  [admin, auditor, member] = await signInAs(testApp, 'admin', 'auditor', 'member');

  await confirmedDeposit(admin.browser, member.browser, '1500.00');
  await adjustBalancesAtCurrentVersion(admin.browser, member.userId, {
    available: '500.00',
    // The confirmed deposit's investment stays as it is.
    invested: '1500.00',
    profit: '0.00',
    reason: 'Welcome bonus',
  });
  const withdrawal = await requestWithdrawal(member.browser, '100.00');
  await rejectWithdrawal(admin.browser, withdrawal.withdrawalId, 'Address on a sanctions list');
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/admin/users/:id/activity', () => {
  it('lists every event of the account stream, newest first, with amount, bucket and reason', async () => {
    const response = await auditor.browser.get(`/api/admin/users/${member.userId}/activity`).expect(200);

    const events = (await testApp.accountEvents(member.userId)).reverse();
    expect(adminAccountActivity.parse(response.body)).toEqual(response.body);
    expect(response.body.data.map((record: { id: string }) => record.id)).toEqual(
      events.map((event) => event.id),
    );
    expect(response.body.data).toEqual([
      expect.objectContaining({
        type: 'WithdrawalRejected',
        amount: '100.00',
        bucket: null,
        reason: 'Address on a sanctions list',
      }),
      expect.objectContaining({ type: 'WithdrawalRequested', amount: '100.00', bucket: null, reason: null }),
      ...ADDRESS_BOOK_SAVED,
      expect.objectContaining({
        type: 'BalanceAdjusted',
        amount: '500.00',
        bucket: 'available',
        reason: 'Welcome bonus',
      }),
      expect.objectContaining({ type: 'DepositConfirmed', amount: '1500.00', bucket: null, reason: null }),
      expect.objectContaining({ type: 'DepositRequested', amount: '1500.00', bucket: null, reason: null }),
    ]);
  });

  it('names the staff member who acted, and only the id and role of the member', async () => {
    const response = await admin.browser.get(`/api/admin/users/${member.userId}/activity`).expect(200);

    const [rejected, requested] = response.body.data;
    expect(rejected.actor).toEqual({ id: admin.userId, role: 'admin', name: 'Grace Hopper' });
    expect(requested.actor).toEqual({ id: member.userId, role: 'member', name: null });
  });

  it('carries the position in the stream, the request id and the time each event was recorded', async () => {
    const response = await admin.browser.get(`/api/admin/users/${member.userId}/activity`).expect(200);

    const events = (await testApp.accountEvents(member.userId)).reverse();
    expect(
      response.body.data.map((record: { streamPosition: number; requestId: string; occurredAt: string }) => [
        record.streamPosition,
        record.requestId,
        record.occurredAt,
      ]),
    ).toEqual(
      events.map((event) => [event.streamPosition, event.metadata.requestId, event.recordedAt.toISOString()]),
    );
    expect(response.body.data.map((record: { streamPosition: number }) => record.streamPosition)).toEqual([
      8, 7, 6, 5, 4, 3, 2, 1,
    ]);
    expect(typeof response.body.data[0].requestId).toBe('string');
  });

  it('answers an empty list for a member whose money never moved', async () => {
    const newcomer = await testApp.member();

    const response = await admin.browser.get(`/api/admin/users/${newcomer.userId}/activity`).expect(200);

    expect(response.body).toEqual({ data: [], total: 0 });
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['a staff member', () => auditor.userId],
  ])('answers 404 for %s', async (_, id) => {
    const response = await admin.browser.get(`/api/admin/users/${id()}/activity`).expect(404);

    expect(response.body).toEqual({ message: 'User not found' });
  });

  it('answers 404 for an id that is not a uuid, as for an unknown one', async () => {
    await admin.browser
      .get('/api/admin/users/not-a-uuid/activity')
      .expect(404, { message: 'User not found' });
  });

  it("shows the security changes of the member's identity stream among the account's events, by log order", async () => {
    const other = await testApp.member();
    const setup = await other.browser.post('/api/user/security/totp/setup').expect(200);
    await other.browser
      .post('/api/user/security/totp/confirm')
      .send({
        password: MEMBER_PASSWORD,
        code: totpCodeAt(setup.body.setupKey as string, testApp.clock.now()),
      })
      .expect(200);
    await requestDeposit(other.browser, '1500.00');
    const reason = 'Lost phone; identity checked on a video call';
    await admin.browser
      .post(`/api/admin/users/${other.userId}/second-factors/reset`)
      .send({ reason })
      .expect(200);

    const response = await auditor.browser.get(`/api/admin/users/${other.userId}/activity`).expect(200);

    expect(adminAccountActivity.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toEqual([
      expect.objectContaining({
        type: 'SecondFactorsResetByAdmin',
        amount: '0.00',
        reason,
        actor: { id: admin.userId, role: 'admin', name: 'Grace Hopper' },
      }),
      expect.objectContaining({ type: 'DepositRequested', amount: '1500.00' }),
      expect.objectContaining({
        type: 'RecoveryCodesGenerated',
        actor: { id: other.userId, role: 'member', name: null },
      }),
      expect.objectContaining({ type: 'SecondFactorAdded', amount: '0.00', bucket: null, reason: null }),
    ]);
    const filtered = await auditor.browser
      .get(`/api/admin/users/${other.userId}/activity`)
      .query({ type: 'SecondFactorsResetByAdmin' })
      .expect(200);
    expect(filtered.body.data.map((record: { type: string }) => record.type)).toEqual([
      'SecondFactorsResetByAdmin',
    ]);
  });

  describe('a page at a time', () => {
    const ids = (response: { body: { data: { id: string }[] } }) =>
      response.body.data.map((record) => record.id);
    const timeline = (query: Record<string, string | number>) =>
      auditor.browser.get(`/api/admin/users/${member.userId}/activity`).query(query);

    it('answers the page asked for, newest first, with the total of all pages', async () => {
      const newestFirst = (await testApp.accountEvents(member.userId)).reverse().map((event) => event.id);

      const first = await timeline({ page: 1, pageSize: 3 }).expect(200);
      expect(adminAccountActivity.parse(first.body)).toEqual(first.body);
      expect({ ids: ids(first), total: first.body.total }).toEqual({
        ids: newestFirst.slice(0, 3),
        total: 8,
      });
      const last = await timeline({ page: 3, pageSize: 3 }).expect(200);
      expect({ ids: ids(last), total: last.body.total }).toEqual({ ids: newestFirst.slice(6), total: 8 });
      // Past the last page: no row, and the total still counted.
      expect((await timeline({ page: 4, pageSize: 3 }).expect(200)).body).toEqual({ data: [], total: 8 });
      // Without a page size, every event, as before.
      const whole = await timeline({}).expect(200);
      expect({ ids: ids(whole), total: whole.body.total }).toEqual({ ids: newestFirst, total: 8 });
    });

    it('filters by type and by recorded time, inclusive, before it pages', async () => {
      const all = (await timeline({}).expect(200)).body.data as { id: string; occurredAt: string }[];
      const adjusted = await timeline({ type: 'PayoutAddressSaved', pageSize: 2, page: 2 }).expect(200);
      expect(adjusted.body.total).toBe(3);
      expect(adjusted.body.data).toEqual([ADDRESS_BOOK_SAVED[0]]);

      const [to, from] = [all[1]!.occurredAt, all[5]!.occurredAt];
      const inside = all
        .filter(({ occurredAt }) => occurredAt >= from && occurredAt <= to)
        .map(({ id }) => id);
      // Each event was recorded by a request of its own: the bounds take the five from the second newest.
      expect(inside).toEqual(all.slice(1, 6).map(({ id }) => id));
      const between = await timeline({ from, to, pageSize: 100 }).expect(200);
      expect({ ids: ids(between), total: between.body.total }).toEqual({ ids: inside, total: inside.length });
      // The bounds are instants, whatever their offset.
      const shifted = (moment: string) => new Date(moment).toISOString().replace('Z', '+00:00');
      expect(ids(await timeline({ from: shifted(from), to: shifted(to) }).expect(200))).toEqual(inside);
      expect((await timeline({ from: to, to: from }).expect(400)).body.fieldErrors).toEqual({
        to: ['must not be before from'],
      });
    });

    it.each([
      [{ page: 0, pageSize: 3 }, 'page'],
      [{ page: 1, pageSize: 0 }, 'pageSize'],
      [{ page: 1, pageSize: 101 }, 'pageSize'],
      [{ page: '1\u0000', pageSize: 3 }, 'page'],
      [{ page: 1, pageSize: '💸' }, 'pageSize'],
    ])('refuses %j with a 400 naming %s', async (query, field) => {
      const response = await timeline(query).expect(400);
      expect(response.body.message).toEqual(expect.any(String));
      expect(Object.keys(response.body.fieldErrors)).toEqual([field]);
    });

    it('leaves out the ends of sessions that change no security, and shows a session signed out elsewhere', async () => {
      const someone = await activeMember(testApp);
      const first = await signedIn(testApp, someone);
      const second = await signedIn(testApp, someone);
      await second.post('/api/user/logout').expect(200);
      await signedIn(testApp, someone);
      await first.post('/api/user/security/sessions/sign-out-others').expect(200);
      const { rows } = await sql<{ reason: string }>`
        select data->>'reason' as reason from events where stream_id = ${`user-${someone.userId}`}
          and type = 'SessionEnded' order by global_position
      `.execute(testApp.accounts);
      expect(rows.map(({ reason }) => reason)).toEqual(['logout', 'signed-out-elsewhere']);

      const response = await admin.browser
        .get(`/api/admin/users/${someone.userId}/activity`)
        .query({ type: 'SessionEnded', pageSize: 10 })
        .expect(200);
      expect({
        total: response.body.total,
        types: response.body.data.map((r: { type: string }) => r.type),
      }).toEqual({
        total: 1,
        types: ['SessionEnded'],
      });
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { startAccountsTestApp, type AccountsTestApp } from './testing/accounts-test-app.js';
import {
  adjustBalances,
  requestDeposit,
  requestWithdrawal,
  type SignedInUser,
} from './testing/account-steps.js';
import { nestRoutes } from './testing/registered-routes.js';

interface LoggedEvent {
  stream_id: string;
  type: string;
  metadata: { actorId?: string; actorRole?: string; requestId?: string };
}

let testApp: AccountsTestApp;
let admin: SignedInUser;

beforeAll(async () => {
  testApp = await startAccountsTestApp('admin_audit_trail');
  admin = await testApp.admin();
});

afterAll(async () => {
  await testApp?.close();
});

/** Runs one action and hands back every event it appended, in log order. */
async function eventsOf(action: () => Promise<unknown>): Promise<LoggedEvent[]> {
  const {
    rows: [before],
  } = await sql<{ last: string }>`select coalesce(max(global_position), 0) as last from events`.execute(
    testApp.db,
  );
  await action();
  const { rows } = await sql<LoggedEvent>`
    select stream_id, type, metadata from events where global_position > ${before?.last} order by global_position
  `.execute(testApp.db);
  return rows;
}

/** Each event names the admin as its actor, with the request it came in. */
function expectRecordedByTheAdmin(events: LoggedEvent[], streamId: string, types: string[]): void {
  expect(events.map((event) => [event.stream_id, event.type])).toEqual(types.map((type) => [streamId, type]));
  for (const event of events) {
    expect(event.metadata).toMatchObject({
      actorId: admin.userId,
      actorRole: 'admin',
      requestId: expect.any(String),
    });
  }
}

async function pendingDeposit(member: SignedInUser): Promise<string> {
  return (await requestDeposit(member.browser, '1500.00')).depositId;
}

/** A member with 500.00 available (an adjustment of its own) and a pending withdrawal of 100.00. */
async function pendingWithdrawal(): Promise<{ userId: string; withdrawalId: string }> {
  const member = await testApp.member();
  await adjustBalances(admin.browser, member.userId, {
    available: { shown: '0.00', target: '500.00' },
    reason: 'Opening balance',
    version: 0,
  });
  const { withdrawalId } = await requestWithdrawal(member.browser, '100.00');
  return { userId: member.userId, withdrawalId };
}

const account = (userId: string) => `account-${userId}`;
const user = (userId: string) => `user-${userId}`;

describe('every admin action is in the event log with the admin as its actor', () => {
  it('confirm deposit', async () => {
    const member = await testApp.member();
    const depositId = await pendingDeposit(member);

    const events = await eventsOf(() =>
      admin.browser.post(`/api/admin/deposits/${depositId}/confirm`).expect(200),
    );

    expectRecordedByTheAdmin(events, account(member.userId), ['DepositConfirmed']);
  });

  it('reject deposit', async () => {
    const member = await testApp.member();
    const depositId = await pendingDeposit(member);

    const events = await eventsOf(() =>
      admin.browser
        .post(`/api/admin/deposits/${depositId}/reject`)
        .send({ reason: 'Blurred proof' })
        .expect(200),
    );

    expectRecordedByTheAdmin(events, account(member.userId), ['DepositRejected']);
  });

  it('mark withdrawal paid', async () => {
    const { userId, withdrawalId } = await pendingWithdrawal();

    const events = await eventsOf(() =>
      admin.browser
        .post(`/api/admin/withdrawals/${withdrawalId}/pay`)
        .send({ payoutReference: 'tx-1' })
        .expect(200),
    );

    expectRecordedByTheAdmin(events, account(userId), ['WithdrawalPaid']);
  });

  it('reject withdrawal', async () => {
    const { userId, withdrawalId } = await pendingWithdrawal();

    const events = await eventsOf(() =>
      admin.browser
        .post(`/api/admin/withdrawals/${withdrawalId}/reject`)
        .send({ reason: 'Wrong network' })
        .expect(200),
    );

    expectRecordedByTheAdmin(events, account(userId), ['WithdrawalRejected']);
  });

  it('adjust balances: one adjustment per changed figure', async () => {
    const member = await testApp.member();

    const events = await eventsOf(() =>
      admin.browser
        .put(`/api/admin/users/${member.userId}/balances`)
        .send({
          available: { shown: '0.00', target: '10.00' },
          profit: { shown: '0.00', target: '2.50' },
          reason: 'Goodwill',
          version: 0,
        })
        .expect(200),
    );

    expectRecordedByTheAdmin(events, account(member.userId), ['BalanceAdjusted', 'BalanceAdjusted']);
  });

  it("edit a member's details", async () => {
    const member = await testApp.member();

    const events = await eventsOf(() =>
      admin.browser
        .patch(`/api/admin/users/${member.userId}`)
        .send({ first_name: 'Augusta', last_name: 'King', email: `augusta.${member.userId}@example.test` })
        .expect(200),
    );

    expectRecordedByTheAdmin(events, user(member.userId), ['MemberDetailsChanged']);
  });

  it('close an account (delete user): the closure and the end of each session', async () => {
    const member = await testApp.member();

    const events = await eventsOf(() =>
      admin.browser.delete(`/api/admin/users/${member.userId}`).expect(200),
    );

    expectRecordedByTheAdmin(events, user(member.userId), ['AccountClosed', 'SessionEnded']);
  });

  it('send a message', async () => {
    const member = await testApp.member();

    const events = await eventsOf(() =>
      admin.browser
        .post(`/api/admin/email/user/${member.userId}`)
        .send({ subject: 'Your deposit', message: 'We received it.' })
        .expect(200),
    );

    expectRecordedByTheAdmin(events, user(member.userId), ['AdminMessageSent']);
  });

  it('create, edit and deactivate a plan', async () => {
    let planId = '';
    const created = await eventsOf(async () => {
      const response = await admin.browser
        .post('/api/admin/plans')
        .send({
          name: 'AUDITED PLAN',
          kind: 'crypto',
          percentage: '25',
          termDays: 45,
          minAmount: '500',
          maxAmount: '2500',
        })
        .expect(201);
      planId = response.body.id as string;
    });
    const edited = await eventsOf(() =>
      admin.browser.patch(`/api/admin/plans/${planId}`).send({ percentage: '30' }).expect(200),
    );
    const deactivated = await eventsOf(() =>
      admin.browser.post(`/api/admin/plans/${planId}/deactivate`).expect(200),
    );

    expectRecordedByTheAdmin(created, 'catalog', ['PlanCreated']);
    expectRecordedByTheAdmin(edited, 'catalog', ['PlanChanged']);
    expectRecordedByTheAdmin(deactivated, 'catalog', ['PlanDeactivated']);
  });

  it('create, edit and deactivate a payment method', async () => {
    const ethereum = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    let methodId = '';
    const created = await eventsOf(async () => {
      const response = await admin.browser
        .post('/api/admin/payment-methods')
        .send({ name: 'USDC', network: 'ethereum', address: ethereum })
        .expect(201);
      methodId = response.body.id as string;
    });
    const edited = await eventsOf(() =>
      admin.browser.patch(`/api/admin/payment-methods/${methodId}`).send({ name: 'USD COIN' }).expect(200),
    );
    const deactivated = await eventsOf(() =>
      admin.browser.post(`/api/admin/payment-methods/${methodId}/deactivate`).expect(200),
    );

    expectRecordedByTheAdmin(created, 'catalog', ['PaymentMethodCreated']);
    expectRecordedByTheAdmin(edited, 'catalog', ['PaymentMethodChanged']);
    expectRecordedByTheAdmin(deactivated, 'catalog', ['PaymentMethodDeactivated']);
  });
});

describe('no one can alter or delete events', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of events, even on the api connection', async () => {
    const member = await testApp.member();
    await pendingDeposit(member);
    const stream = account(member.userId);
    const before = await testApp.accountEvents(member.userId);

    await expect(
      sql`update events set data = '{"amount":"99999900"}' where stream_id = ${stream}`.execute(testApp.db),
    ).rejects.toThrow(/events are append-only: UPDATE refused/);
    await expect(sql`delete from events where stream_id = ${stream}`.execute(testApp.db)).rejects.toThrow(
      /events are append-only: DELETE refused/,
    );
    await expect(sql`truncate events`.execute(testApp.db)).rejects.toThrow(
      /events are append-only: TRUNCATE refused/,
    );

    expect(await testApp.accountEvents(member.userId)).toEqual(before);
  });

  it('the only routes that change anything in place are these, none of them on events', () => {
    const inPlace = nestRoutes(testApp.app)
      .filter((route) => ['put', 'patch', 'delete'].includes(route.method))
      .map((route) => `${route.method.toUpperCase()} ${route.path}`)
      .sort();

    // Each changes relational rows and appends events for it; a new entry here needs the same review.
    expect(inPlace).toEqual([
      'DELETE /api/admin/users/{id}',
      'PATCH /api/admin/payment-methods/{id}',
      'PATCH /api/admin/plans/{id}',
      // Renames a passkey: its row's name, with PasskeyRenamed appended.
      'PATCH /api/admin/security/passkeys/{id}',
      'PATCH /api/admin/users/{id}',
      'PATCH /api/user',
      'PATCH /api/user/pass',
      'PATCH /api/user/security/passkeys/{id}',
      'PATCH /api/user/verify',
      'PUT /api/admin/users/{id}/balances',
      // Sets a member's own withdrawal limits: WithdrawalLimitsSet appended, with the reason, like an adjustment.
      'PUT /api/admin/users/{id}/withdrawal-limits',
      'PUT /api/user/wallets',
    ]);
  });

  it('no route names the event log or a history as something to change', () => {
    const changing = nestRoutes(testApp.app).filter((route) => route.method !== 'get');

    expect(changing.filter((route) => /event|history|hash|log(?!in|out)/i.test(route.path))).toEqual([]);
  });
});

import { afterAll, beforeAll, expect, it } from '@jest/globals';
import type { ClosePeriodResponse } from '@ledgerstone/contracts';
import { sql } from 'kysely';
import { confirmDeposit, requestDeposit, signInAs, type SignedInUser } from '../testing/account-steps.js';
import { holdAccountStates } from '../testing/held-account-states.js';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';

/**
 * An event is recorded at the time of its append, and becomes visible only when its transaction commits: a
 * command that appends before midnight and commits after it falls on the day before. The events here are recorded
 * today (the database's time) while the api's clock is past today's midnight, so today can be closed with a
 * command of today's still running.
 */
let testApp: AccountsTestApp;
let admin: SignedInUser;
let depositId: string;
let today: string;

beforeAll(async () => {
  testApp = await startAccountsTestApp('period_close_in_flight', { SESSION_IDLE_MINUTES: '1440' });
  const [member] = await signInAs(testApp, 'member');
  ({ depositId } = await requestDeposit(member!.browser, '1500.00'));
  const { rows } = await sql<{ today: string }>`
    select to_char(now() at time zone 'utc', 'YYYY-MM-DD') as today
  `.execute(testApp.db);
  today = rows[0]!.today;
  const justAfterMidnight = Date.parse(`${today}T00:05:00Z`) + 24 * 3_600_000;
  testApp.clock.advanceMinutes((justAfterMidnight - testApp.clock.now().getTime()) / 60_000);
  [admin] = await signInAs(testApp, 'admin');
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

it('Given a confirmation begun before the end of the day and not yet committed, When the day is closed, Then the close waits for it and counts it', async () => {
  const held = await holdAccountStates(testApp.db as never);
  const confirming = confirmDeposit(admin.browser, depositId);
  await held.started();

  // Sent once, here: each `then` of a supertest request would send it again.
  const closing = admin.browser
    .post('/api/admin/books/periods')
    .send({ period: today })
    .then((response) => response);
  let timer: NodeJS.Timeout | undefined;
  const closedEarly = await Promise.race([
    closing.then(() => true),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 1_500))),
  ]);
  clearTimeout(timer);
  await held.release();
  await confirming;
  const closed = await closing;

  expect(closedEarly).toBe(false);
  expect(closed.status).toBe(201);
  const period = (closed.body as ClosePeriodResponse).period;
  expect({ members: period.members, member_liabilities: period.member_liabilities }).toEqual({
    members: 1,
    member_liabilities: '1500.00',
  });
  const { rows } = await sql<{ position: string }>`
    select global_position::text as position from events
    where stream_id like 'account-%' order by global_position desc limit 1
  `.execute(testApp.db);
  expect(period.last_event?.position).toBe(rows[0]!.position);
});

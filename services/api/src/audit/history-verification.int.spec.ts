import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { historyVerification } from '@ledgerstone/contracts';
import { accountStreamId } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import { confirmedDeposit, signInAs, type SignedInUser } from '../testing/account-steps.js';

let testApp: AccountsTestApp;
let admin: SignedInUser;
let auditor: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;

async function headHash(streamId: string): Promise<string> {
  const { rows } = await sql<{ hash: string }>`
    select encode(hash, 'hex') as hash from events where stream_id = ${streamId}
    order by stream_position desc limit 1
  `.execute(testApp.db);
  return rows[0]!.hash;
}

beforeAll(async () => {
  testApp = await startAccountsTestApp('history_verification');
  [admin, auditor, member, other] = await signInAs(testApp, 'admin', 'auditor', 'member', 'member');
  await confirmedDeposit(admin.browser, member.browser, '1500.00');
  await confirmedDeposit(admin.browser, other.browser, '2000.00');
});

afterAll(async () => {
  await testApp?.close();
});

describe('verify history', () => {
  it("reports an untouched member's account with its event count and head hash", async () => {
    const events = await testApp.accountEvents(member.userId);
    const response = await auditor.browser
      .get(`/api/admin/users/${member.userId}/verify-history`)
      .expect(200);

    expect(historyVerification.parse(response.body)).toEqual(response.body);
    expect(response.body).toEqual({
      ok: true,
      streams: 1,
      events: events.length,
      headHash: await headHash(accountStreamId(member.userId)),
      brokenAt: null,
    });
    expect(events.length).toBeGreaterThan(1);
  });

  it('reports the whole untouched store', async () => {
    const { rows } = await sql<{ streams: string; events: string }>`
      select count(distinct stream_id) as streams, count(*) as events from events
    `.execute(testApp.db);
    const response = await admin.browser.get('/api/admin/verify-history').expect(200);

    expect(response.body).toEqual({
      ok: true,
      streams: Number(rows[0]!.streams),
      events: Number(rows[0]!.events),
      headHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      brokenAt: null,
    });
  });

  it('answers 404 for a user nobody has', async () => {
    await auditor.browser.get(`/api/admin/users/${randomUUID()}/verify-history`).expect(404);
  });

  it("names the first broken link after an event of the member's account was changed by hand", async () => {
    const streamId = accountStreamId(member.userId);
    await sql`alter table events disable trigger events_append_only`.execute(testApp.db);
    try {
      await sql`
        update events set data = jsonb_set(data, '{amount}', '"99999900"')
        where stream_id = ${streamId} and stream_position = 2
      `.execute(testApp.db);
    } finally {
      await sql`alter table events enable trigger events_append_only`.execute(testApp.db);
    }

    const one = await auditor.browser.get(`/api/admin/users/${member.userId}/verify-history`).expect(200);
    expect(one.body).toMatchObject({ ok: false, brokenAt: { streamId, position: 2 } });

    const whole = await auditor.browser.get('/api/admin/verify-history').expect(200);
    expect(whole.body).toMatchObject({ ok: false, brokenAt: { streamId, position: 2 } });

    const untouched = await auditor.browser
      .get(`/api/admin/users/${other.userId}/verify-history`)
      .expect(200);
    expect(untouched.body).toMatchObject({ ok: true, brokenAt: null });
  });
});

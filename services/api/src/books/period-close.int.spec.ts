import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  closedPeriodList,
  memberProofResponse,
  proofOfLiabilitiesResponse,
  readModels,
  trialBalance,
  verifyMemberProof,
  type ClosePeriodResponse,
  type ProposalResponse,
  type TrialBalance,
} from '@ledgerstone/contracts';
import { waitForCheckpoints } from '@ledgerstone/eventstore';
import { sql } from 'kysely';
import type { ProjectorProcess } from '../shared/testing/projector-process.js';
import { activeMember, signedIn } from '../testing/identity-test-app.js';
import {
  adjustBalancesAtCurrentVersion,
  confirmDeposit,
  requestDeposit,
  requestWithdrawal,
  signInAs,
  startProjectorFor,
  type SignedInUser,
} from '../testing/account-steps.js';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';

/**
 * Closing a day through the api: the closing balances kept for good, the proof of liabilities published, and
 * each member's own proof. The events are recorded today (the database's time); the api's clock is then moved
 * to just after midnight, so today has ended and can be closed while later events still land in it.
 */
let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let admin: SignedInUser;
let auditor: SignedInUser;
let alice: SignedInUser;
let bob: SignedInUser;
let carol: SignedInUser;
let today: string;
let yesterday: string;

async function rememberedMember(): Promise<SignedInUser> {
  const details = await activeMember(testApp, {}, testApp.browser());
  return { browser: await signedIn(testApp, details, true), userId: details.userId };
}

async function caughtUp(): Promise<void> {
  const { rows } = await sql<{ transaction_id: string; global_position: string }>`
    select transaction_id::text, global_position::text from events order by global_position desc limit 1
  `.execute(testApp.db);
  const reached = await waitForCheckpoints(testApp.db, {
    names: [readModels.journal],
    position: {
      transactionId: BigInt(rows[0]!.transaction_id),
      globalPosition: BigInt(rows[0]!.global_position),
    },
    timeoutMs: 15_000,
  });
  if (!reached) throw new Error('the projector did not catch up');
}

const close = (who: SignedInUser, period: unknown, key?: string) => {
  const request = who.browser.post('/api/admin/books/periods');
  return (key ? request.set('Idempotency-Key', key) : request).send({ period });
};

beforeAll(async () => {
  testApp = await startAccountsTestApp('period_close', { SESSION_IDLE_MINUTES: '1440' });
  const [setup] = await signInAs(testApp, 'admin');
  [alice, bob, carol] = [await rememberedMember(), await rememberedMember(), await rememberedMember()];
  await adjustBalancesAtCurrentVersion(setup.browser, alice.userId, {
    available: '500.00',
    reason: 'Opening balance',
  });
  await confirmDeposit(setup.browser, (await requestDeposit(alice.browser, '1500.00')).depositId);
  await confirmDeposit(setup.browser, (await requestDeposit(bob.browser, '2000.00')).depositId);
  await requestWithdrawal(alice.browser, '100.00');

  const { rows } = await sql<{ today: string; yesterday: string }>`
    select to_char(now() at time zone 'utc', 'YYYY-MM-DD') as today,
      to_char((now() at time zone 'utc') - interval '1 day', 'YYYY-MM-DD') as yesterday
  `.execute(testApp.db);
  ({ today, yesterday } = rows[0]!);
  // Five minutes past midnight after today; staff sign in then (a browser session lasts 12 hours).
  const tomorrow = new Date(`${today}T00:05:00Z`).getTime() + 24 * 3_600_000;
  testApp.clock.advanceMinutes((tomorrow - testApp.clock.now().getTime()) / 60_000);
  [admin, auditor] = await signInAs(testApp, 'admin', 'auditor');
  projector = await startProjectorFor(testApp);
  await caughtUp();
}, 180_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('POST /api/admin/books/periods', () => {
  it('refuses what is not an ended day or month, field by field, and closes nothing', async () => {
    const dayAfter = new Date(Date.parse(`${today}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const refusals: [unknown, RegExp][] = [
      ['2026-02-30', /YYYY-MM-DD/],
      ['yesterday', /YYYY-MM-DD/],
      ['', /YYYY-MM-DD/],
      ['2026-11-26\u0000', /YYYY-MM-DD/],
      ['🗓️', /YYYY-MM-DD/],
      ['9'.repeat(50_000), /YYYY-MM-DD/],
      [20261126, /YYYY-MM-DD/],
      [undefined, /YYYY-MM-DD/],
      [dayAfter, /has not begun yet/],
      [testApp.clock.now().toISOString().slice(0, 7), /has not ended yet/],
    ];
    for (const [period, message] of refusals) {
      const { status, body } = await close(admin, period);
      expect({ period, status }).toEqual({ period, status: 400 });
      expect(body.fieldErrors.period[0]).toMatch(message);
    }
    await close(auditor, yesterday).expect(403);
    await testApp.browser().post('/api/admin/books/periods').send({ period: yesterday }).expect(401);
    const { body } = await auditor.browser.get('/api/admin/books/periods').expect(200);
    expect(body).toEqual({ periods: [] });
  });

  it("closes today with the trial balance's figures, the last event's hash and the Merkle root and total", async () => {
    const books = trialBalance.parse(
      (await admin.browser.get('/api/admin/books/trial-balance').expect(200)).body,
    );

    const { body } = await close(admin, today, 'close-today').expect(201);

    const closed = (body as ClosePeriodResponse).period;
    expect(closed).toMatchObject({
      period: today,
      kind: 'day',
      members: 2,
      leaves: 8,
      entries: books.entries,
    });
    expect(closed.to).toBe(new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString());
    // What members are owed: alice 500.00 + 1,500.00 (100.00 of it reserved), bob 2,000.00.
    expect(closed.member_liabilities).toBe('4000.00');
    expect(closed.member_liabilities).toBe(books.member_liabilities);
    const { rows } = await sql<{ position: string; hash: string }>`
      select global_position::text as position, encode(hash, 'hex') as hash from events
      where stream_id like 'account-%' order by global_position desc limit 1
    `.execute(testApp.db);
    expect(closed.last_event).toMatchObject({ position: rows[0]!.position, hash: rows[0]!.hash });
    const closedBooks = (
      await auditor.browser.get(`/api/admin/books/periods/${today}/trial-balance`).expect(200)
    ).body as TrialBalance;
    expect({ ...closedBooks, as_of: books.as_of }).toEqual(books);
  });

  it('answers the same request again with the close it made, and refuses any other', async () => {
    const first = await auditor.browser.get('/api/admin/books/periods').expect(200);
    const again = await close(admin, today, 'close-today').expect(201);

    expect(again.body).toMatchObject({
      position: null,
      period: closedPeriodList.parse(first.body).periods[0],
    });
    const other = await close(admin, today, 'another-request').expect(409);
    expect(other.body.message).toBe(`${today} is already closed`);
    const [otherAdmin] = await signInAs(testApp, 'admin');
    const theirs = await close(otherAdmin!, today, 'close-today').expect(409);
    expect(theirs.body.message).toBe(`${today} is already closed`);
  });

  it('closes a period once when two admins close it at the same moment', async () => {
    const answers = await Promise.all([close(admin, yesterday), close(admin, yesterday)]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const { body } = await auditor.browser.get('/api/admin/books/periods').expect(200);
    expect(closedPeriodList.parse(body).periods.map((period) => period.period)).toEqual([today, yesterday]);
  });

  it('keeps the trial balance of the closed day when events recorded later still fall on it', async () => {
    const before = (await admin.browser.get(`/api/admin/books/periods/${today}/trial-balance`).expect(200))
      .body;

    const { position } = await confirmDeposit(
      admin.browser,
      (await requestDeposit(carol.browser, '1000.00')).depositId,
    );

    const live = trialBalance.parse(
      (await admin.browser.get(`/api/admin/books/trial-balance?after=${position}`).expect(200)).body,
    );
    expect(live.member_liabilities).toBe('5000.00');
    const after = (await admin.browser.get(`/api/admin/books/periods/${today}/trial-balance`).expect(200))
      .body;
    expect(after).toEqual(before);
    await admin.browser.get('/api/admin/books/periods/2020-01-01/trial-balance').expect(404);
    await admin.browser.get('/api/admin/books/periods/not-a-day/trial-balance').expect(400);
  });
});

describe('the proof of liabilities', () => {
  it('is published to anyone with its date, root and total, and no member data', async () => {
    const { body, text } = await testApp.browser().get('/api/proof-of-liabilities').expect(200);

    const published = proofOfLiabilitiesResponse.parse(body).publications;
    expect(published.map((each) => [each.period, each.total, each.members, each.leaves])).toEqual([
      [today, '4000.00', 2, 8],
      [yesterday, '0.00', 0, 0],
    ]);
    for (const member of [alice, bob, carol]) expect(text).not.toContain(member.userId);
  });

  it("gives each member only their own leaves and paths, which verify against the published root without showing another's balance", async () => {
    const published = proofOfLiabilitiesResponse.parse(
      (await testApp.browser().get('/api/proof-of-liabilities').expect(200)).body,
    ).publications[0]!;

    const { body, text } = await alice.browser.get('/api/user/statement/proof').expect(200);

    const { proof } = memberProofResponse.parse(body);
    expect(proof).toMatchObject({
      period: today,
      root: published.root,
      total: '4000.00',
      account_id: alice.userId,
      balance: '2000.00',
    });
    expect(proof!.leaves).toHaveLength(4);
    const cents = (amount: string) => BigInt(amount.replace('.', ''));
    expect(proof!.leaves.reduce((sum, leaf) => sum + cents(leaf.part), 0n)).toBe(200_000n);
    expect(verifyMemberProof(proof!)).toMatchObject({ ok: true });
    // Bob is owed 2,000.00 too: the leaf next to each of alice's is one random part, never his whole balance.
    for (const leaf of proof!.leaves) expect(leaf.path[0]!.sum).not.toBe('2000.00');
    const tampered = proof!.leaves.map((leaf, index) => (index === 0 ? { ...leaf, part: '2000.00' } : leaf));
    expect(verifyMemberProof({ ...proof!, leaves: tampered }).ok).toBe(false);
    expect(text).not.toContain(bob.userId);
    const bobs = memberProofResponse.parse(
      (await bob.browser.get(`/api/user/statement/proof?period=${today}`)).body,
    );
    expect(verifyMemberProof(bobs.proof!)).toMatchObject({ ok: true });
    for (const leaf of bobs.proof!.leaves) expect(text).not.toContain(leaf.salt);
    const { rows } = await sql<{ leaves: number; members: number }>`
      select count(*)::int as leaves, count(distinct user_id)::int as members from liability_proof_nodes
      where period = ${today} and level = 0
    `.execute(testApp.db);
    expect(rows[0]).toEqual({ leaves: 8, members: 2 });
  });

  it("cannot be asked for another member, a bad period or without a session; none before a member's first close", async () => {
    const another = await alice.browser.get(`/api/user/statement/proof?user_id=${bob.userId}`).expect(400);
    expect(another.body.fieldErrors).toEqual({ user_id: ['Unknown field'] });
    const bad = await alice.browser.get('/api/user/statement/proof?period=2026-13').expect(400);
    expect(bad.body.fieldErrors.period).toBeDefined();
    await testApp.browser().get('/api/user/statement/proof').expect(401);
    await admin.browser.get('/api/user/statement/proof').expect(403);
    expect((await carol.browser.get('/api/user/statement/proof').expect(200)).body).toEqual({ proof: null });
    expect(
      (await alice.browser.get(`/api/user/statement/proof?period=${yesterday}`).expect(200)).body,
    ).toEqual({
      proof: null,
    });
  });
});

describe('closing a period with four eyes on', () => {
  let fourEyesApp: AccountsTestApp;

  afterAll(async () => {
    await fourEyesApp?.close();
  });

  it('waits for a second admin, then closes', async () => {
    fourEyesApp = await startAccountsTestApp('period_close_approvals', { APPROVALS: 'on' });
    const [maker, checker] = await signInAs(fourEyesApp, 'admin', 'admin');

    const proposed = await maker.browser
      .post('/api/admin/books/periods')
      .send({ period: yesterday })
      .expect(202);

    const { approval_id: approvalId } = proposed.body as ProposalResponse;
    expect((await maker.browser.get('/api/admin/books/periods').expect(200)).body).toEqual({ periods: [] });
    const { body: listed } = await checker.browser.get('/api/admin/approvals').expect(200);
    expect(listed.approvals[0]).toMatchObject({
      kind: 'ClosePeriod',
      action: 'Close period',
      subject_id: yesterday,
    });
    await checker.browser
      .post(`/api/admin/approvals/${approvalId}/approve`)
      .send({ reason: 'Day reviewed' })
      .expect(200);
    const { body } = await maker.browser.get('/api/admin/books/periods').expect(200);
    expect(closedPeriodList.parse(body).periods).toMatchObject([
      { period: yesterday, closed_by: checker.userId },
    ]);
    await maker.browser.post('/api/admin/books/periods').send({ period: yesterday }).expect(409);
  }, 60_000);
});

import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readModels, trialBalance, type DepositResponse, type TrialBalance } from '@ledgerstone/contracts';
import { waitForCheckpoints } from '@ledgerstone/eventstore';
import { addDays, formatCents, parseCents } from '@ledgerstone/ledger';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { ProfitAccrual } from '../accounts/index.js';
import type { ProjectorProcess } from '../shared/testing/projector-process.js';
import {
  BASIC_PLAN,
  BITCOIN,
  ETHEREUM,
  PNG,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import {
  adjustBalancesAtCurrentVersion,
  confirmDeposit,
  memberDetail,
  payWithdrawal,
  rejectDeposit,
  rejectWithdrawal,
  requestDeposit,
  requestWithdrawal,
  signInAs,
  startProjectorFor,
  type SignedInUser,
} from '../testing/account-steps.js';

let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let admin: SignedInUser;
let auditor: SignedInUser;
let alice: SignedInUser;
let bob: SignedInUser;
let lastPosition = '0:0';
let aliceConfirmedAt: string;
let firstRecordedAt: Date;

function track<T extends { position: string }>(answer: T): T {
  lastPosition = answer.position;
  return answer;
}

/** The member deposits by Ethereum rather than the steps' Bitcoin. */
async function requestEthereumDeposit(member: SignedInUser, amount: string): Promise<DepositResponse> {
  const { body } = await member.browser
    .post('/api/deposit')
    .field({ plan: BASIC_PLAN.id, amount, payment_method: ETHEREUM.id })
    .attach('payment_proof', PNG, { filename: 'proof.png', contentType: 'image/png' })
    .expect(201);
  return body as DepositResponse;
}

async function lastEventPosition(): Promise<string> {
  const { rows } = await sql<{ position: string }>`
    select transaction_id::text || ':' || global_position::text as position
    from events order by global_position desc limit 1
  `.execute(testApp.db);
  return rows[0]!.position;
}

async function caughtUp(position: string): Promise<void> {
  const [transactionId, globalPosition] = position.split(':');
  const reached = await waitForCheckpoints(testApp.db, {
    names: [readModels.journal, readModels.memberBalances],
    position: { transactionId: BigInt(transactionId!), globalPosition: BigInt(globalPosition!) },
    timeoutMs: 15_000,
  });
  if (!reached) throw new Error('the projector did not catch up');
}

const byAccount = (books: TrialBalance) =>
  Object.fromEntries(books.accounts.map((row) => [row.account, row.balance]));

beforeAll(async () => {
  testApp = await startAccountsTestApp('trial_balance');
  [admin, auditor, alice, bob] = await signInAs(testApp, 'admin', 'auditor', 'member', 'member');

  // Opening balances first, while the figures the form reads are still all zero.
  track(
    await adjustBalancesAtCurrentVersion(admin.browser, alice.userId, {
      available: '500.00',
      profit: '12.34',
      reason: 'Opening balance',
    }),
  );
  const aliceDeposit = track(await requestDeposit(alice.browser, '1500.00'));
  track(await confirmDeposit(admin.browser, aliceDeposit.depositId));
  track(await confirmDeposit(admin.browser, track(await requestDeposit(bob.browser, '2000.00')).depositId));
  track(await confirmDeposit(admin.browser, track(await requestEthereumDeposit(bob, '1200.00')).depositId));
  track(
    await rejectDeposit(
      admin.browser,
      track(await requestDeposit(bob.browser, '1100.00')).depositId,
      'Blurred proof',
    ),
  );
  track(await requestDeposit(alice.browser, '1000.00'));
  track(
    await payWithdrawal(admin.browser, track(await requestWithdrawal(alice.browser, '100.00')).withdrawalId),
  );
  track(
    await rejectWithdrawal(
      admin.browser,
      track(await requestWithdrawal(alice.browser, '50.00')).withdrawalId,
      'Wrong network',
    ),
  );
  track(await requestWithdrawal(alice.browser, '25.00'));
  // Every investment runs its whole 30-day term: profit accrues daily, then principal and profit are released.
  const firstDay = testApp.clock.now().toISOString().slice(0, 10);
  const run = await testApp.app.get(ProfitAccrual).accrueUntil(addDays(firstDay, 40));
  expect(run.matured).toBe(3);

  const { rows } = await sql<{ recorded_at: Date; type: string; user_id: string }>`
    select recorded_at, type, data ->> 'userId' as user_id from events
    where stream_id like 'account-%' order by global_position
  `.execute(testApp.db);
  firstRecordedAt = rows[0]!.recorded_at;
  aliceConfirmedAt = rows
    .find((row) => row.type === 'DepositConfirmed' && row.user_id === alice.userId)!
    .recorded_at.toISOString();

  projector = await startProjectorFor(testApp);
  await caughtUp(await lastEventPosition());
}, 180_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('GET /api/admin/books/trial-balance', () => {
  it('balances after deposits, confirmations, withdrawals, payouts, adjustments, accruals and maturities', async () => {
    const response = await admin.browser.get('/api/admin/books/trial-balance').expect(200);

    const books = trialBalance.parse(response.body);
    expect(books).toEqual(response.body);
    expect(books).toMatchObject({ balanced: true, difference: '0.00', unbalanced_since: null });
    expect(books.totals.debit).toBe(books.totals.credit);
    const balances = byAccount(books);
    // Bitcoin took in 1,500.00 and 2,000.00 and paid out 100.00; Ethereum took in 1,200.00.
    expect(balances[`custody:${BITCOIN.id}`]).toBe('3400.00');
    expect(balances[`custody:${ETHEREUM.id}`]).toBe('1200.00');
    expect(balances['equity:adjustments']).toBe('512.34');
    // 50 % over the term on each confirmed deposit: 750.00 + 1,000.00 + 600.00.
    expect(balances['expense:profit']).toBe('2350.00');
    expect(books.accounts.map((row) => [row.account, row.name, row.kind])).toEqual([
      [`custody:${BITCOIN.id}`, 'Custody: BITCOIN (bitcoin)', 'asset'],
      [`custody:${ETHEREUM.id}`, 'Custody: ETHEREUM (ethereum)', 'asset'],
      ['liability:available', 'Members: available', 'liability'],
      ['liability:invested', 'Members: invested', 'liability'],
      ['liability:profit_locked', 'Members: profit locked', 'liability'],
      ['liability:profit_unlocked', 'Members: profit unlocked', 'liability'],
      ['liability:reserved', 'Members: reserved for withdrawals', 'liability'],
      ['equity:adjustments', 'Balance adjustments', 'equity'],
      ['expense:profit', 'Profit paid to members', 'expense'],
    ]);
  });

  it("owes the members, bucket by bucket, exactly the sum of the members' balances", async () => {
    const books = trialBalance.parse(
      (await auditor.browser.get(`/api/admin/books/trial-balance?after=${lastPosition}`).expect(200)).body,
    );

    const members = [
      await memberDetail(admin.browser, alice.userId),
      await memberDetail(admin.browser, bob.userId),
    ];
    const sum = (amounts: string[]) =>
      formatCents(amounts.reduce((all, each) => all + parseCents(each)!, 0n));
    const balances = byAccount(books);
    for (const bucket of ['available', 'invested', 'profit_locked', 'profit_unlocked', 'reserved'] as const) {
      expect([bucket, balances[`liability:${bucket}`] ?? '0.00']).toEqual([
        bucket,
        sum(members.map((member) => member.buckets[bucket])),
      ]);
    }
    const owed = members.flatMap((member) => Object.values(member.buckets));
    expect(books.member_liabilities).toBe(sum(owed));
    expect(balances['liability:reserved']).toBe('25.00');
  });

  it('stops at as_of, including the events recorded exactly then', async () => {
    const response = await admin.browser
      .get('/api/admin/books/trial-balance')
      .query({ as_of: aliceConfirmedAt })
      .expect(200);

    expect(response.body).toMatchObject({ as_of: aliceConfirmedAt, entries: 3, balanced: true });
    expect(byAccount(response.body)).toEqual({
      [`custody:${BITCOIN.id}`]: '1500.00',
      'liability:available': '500.00',
      'liability:invested': '1500.00',
      'liability:profit_unlocked': '12.34',
      'equity:adjustments': '512.34',
    });
    expect(response.body.totals).toEqual({ debit: '2012.34', credit: '2012.34' });
  });

  it('is empty as of a moment before the first event', async () => {
    const before = new Date(firstRecordedAt.getTime() - 1).toISOString();

    const response = await admin.browser
      .get('/api/admin/books/trial-balance')
      .query({ as_of: before })
      .expect(200);

    expect(response.body).toMatchObject({
      entries: 0,
      accounts: [],
      totals: { debit: '0.00', credit: '0.00' },
      balanced: true,
      member_liabilities: '0.00',
    });
  });

  it('is not for members', async () => {
    await alice.browser.get('/api/admin/books/trial-balance').expect(403);
    await alice.browser.get('/api/admin/books/trial-balance.csv').expect(403);
  });

  it.each([
    ['not a time', 'yesterday'],
    ['a date without a time', '2026-11-22'],
    ['a NUL', '2026-11-22T10:00:00\u0000Z'],
    ['10,000 characters', '2026-11-22T10:00:00Z'.padEnd(10_000, 'a')],
  ])('answers 400 naming as_of for %s', async (_, asOf) => {
    const response = await auditor.browser
      .get('/api/admin/books/trial-balance')
      .query({ as_of: asOf })
      .expect(400);

    expect(response.body).toMatchObject({
      message: expect.any(String),
      fieldErrors: { as_of: ['must be a date and time, e.g. 2026-11-22T10:00:00Z'] },
    });
  });

  it.each([
    ['before year 0 once its offset is taken off', '0000-01-01T00:00:00+14:00'],
    ['past year 9999 once its offset is taken off', '9999-12-31T23:59:59-12:00'],
  ])('answers 400 naming as_of for a moment %s: it has no four-digit year to name it by', async (_, asOf) => {
    for (const route of ['/api/admin/books/trial-balance', '/api/admin/books/trial-balance.csv']) {
      const response = await auditor.browser.get(route).query({ as_of: asOf }).expect(400);

      expect(response.body.fieldErrors).toEqual({
        as_of: ['must fall between the years 0000 and 9999 in UTC'],
      });
    }
  });

  it('refuses 100,000 characters before the api reads them: the request head is too large', async () => {
    await auditor.browser
      .get('/api/admin/books/trial-balance')
      .query({ as_of: 'a'.repeat(100_000) })
      .expect(431);
  });
});

describe('GET /api/admin/books/trial-balance.csv', () => {
  it('downloads one row per account, then the totals with their difference', async () => {
    const response = await auditor.browser
      .get('/api/admin/books/trial-balance.csv')
      .query({ as_of: aliceConfirmedAt })
      .expect(200);

    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ledgerstone-trial-balance-${aliceConfirmedAt.slice(0, 10)}.csv"`,
    );
    expect(response.text.startsWith('\uFEFFaccount,name,kind,debit,credit,balance\r\n')).toBe(true);
    const rows = parse(response.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      {
        account: `custody:${BITCOIN.id}`,
        name: 'Custody: BITCOIN (bitcoin)',
        kind: 'asset',
        debit: '1500.00',
        credit: '0.00',
        balance: '1500.00',
      },
      {
        account: 'liability:available',
        name: 'Members: available',
        kind: 'liability',
        debit: '0.00',
        credit: '500.00',
        balance: '500.00',
      },
      {
        account: 'liability:invested',
        name: 'Members: invested',
        kind: 'liability',
        debit: '0.00',
        credit: '1500.00',
        balance: '1500.00',
      },
      {
        account: 'liability:profit_unlocked',
        name: 'Members: profit unlocked',
        kind: 'liability',
        debit: '0.00',
        credit: '12.34',
        balance: '12.34',
      },
      {
        account: 'equity:adjustments',
        name: 'Balance adjustments',
        kind: 'equity',
        debit: '512.34',
        credit: '0.00',
        balance: '512.34',
      },
      {
        account: 'Total',
        name: `As of ${aliceConfirmedAt}`,
        kind: '',
        debit: '2012.34',
        credit: '2012.34',
        balance: '0.00',
      },
    ]);
  });
});

describe('while the journal is behind the log', () => {
  it('Given a change the projector has not taken in yet, When the books as of now are read, Then they wait for it instead of leaving it out', async () => {
    const before = trialBalance.parse(
      (await admin.browser.get('/api/admin/books/trial-balance').expect(200)).body,
    );
    const bobAvailable = parseCents((await memberDetail(admin.browser, bob.userId)).buckets.available)!;
    await projector.stop();
    track(
      await adjustBalancesAtCurrentVersion(admin.browser, bob.userId, {
        available: formatCents(bobAvailable + 100n),
        reason: 'Late fee back',
      }),
    );

    const reading = auditor.browser.get('/api/admin/books/trial-balance').then((response) => response);
    await sleep(500);
    projector = await startProjectorFor(testApp);
    const response = await reading;

    expect(response.status).toBe(200);
    const books = trialBalance.parse(response.body);
    expect({ entries: books.entries, member_liabilities: books.member_liabilities }).toEqual({
      entries: before.entries + 1,
      member_liabilities: formatCents(parseCents(before.member_liabilities)! + 100n),
    });
  });
});

// Last: it spoils a journal line, as a faulty migration or a hand edit would.
describe('when a journal entry does not balance', () => {
  it('says by how much, and since which event', async () => {
    const { rows } = await sql<{ event_id: string; position: string; recorded_at: Date }>`
      select event_id, global_position::text as position, occurred_at as recorded_at from rm_journal_lines
      where account like 'custody:%' order by global_position limit 1
    `.execute(testApp.db);
    const spoiled = rows[0]!;
    await sql`update rm_journal_lines set debit = debit + 1 where event_id = ${spoiled.event_id} and line = 1`.execute(
      testApp.db,
    );

    const response = await admin.browser.get('/api/admin/books/trial-balance').expect(200);

    expect(response.body).toMatchObject({
      balanced: false,
      difference: '0.01',
      unbalanced_since: {
        event_id: spoiled.event_id,
        position: spoiled.position,
        recorded_at: spoiled.recorded_at.toISOString(),
        difference: '0.01',
      },
    });
  });
});

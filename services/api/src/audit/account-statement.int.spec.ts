import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accountStatement, adminAccountActivity } from '@ledgerstone/contracts';
import { accountEventTypes, accountStreamId } from '@ledgerstone/ledger';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import {
  adjustBalancesAtCurrentVersion,
  confirmedDeposit,
  payWithdrawal,
  rejectWithdrawal,
  requestDeposit,
  requestWithdrawal,
  savePayoutAddresses,
  signInAs,
  type SignedInUser,
} from '../testing/account-steps.js';
import { TransactionsExport } from './transactions-export.js';

let testApp: AccountsTestApp;
let admin: SignedInUser;
let auditor: SignedInUser;
let member: SignedInUser;
let other: SignedInUser;

const FORMULA_REASON = '=1+1 Welcome bonus';
const REJECTION_REASON = 'Address on a sanctions list';

async function headHash(userId: string): Promise<string> {
  const { rows } = await sql<{ hash: string }>`
    select encode(hash, 'hex') as hash from events where stream_id = ${accountStreamId(userId)}
    order by stream_position desc limit 1
  `.execute(testApp.db);
  return rows[0]!.hash;
}

/** Where the lines of the statement fall: the indexes of the member's account events. */
const ADJUSTED = 2;
const FIRST_WITHDRAWAL = 6;
const PAYOUT = 7;
const SECOND_WITHDRAWAL = 8;
const REJECTION = 9;

/** The balances in the order available, invested, profit locked, profit unlocked, reserved, total. */
function balances(...[available, invested, locked, unlocked, reserved, total]: string[]) {
  return {
    available,
    invested,
    profit_locked: locked,
    profit_unlocked: unlocked,
    reserved,
    total,
  };
}

/** A payout address saved in the address book (bitcoin, ethereum and usdt in one save): no money moves. */
const ADDRESS_SAVED = {
  type: 'PayoutAddressSaved',
  amount: '0.00',
  change: '0.00',
  bucket: null,
  reason: null,
  actor_role: 'member',
  balances: balances('500.00', '1500.00', '0.00', '0.00', '0.00', '2000.00'),
};

// The member's account, worked out by hand: deposit 1,500.00 confirmed; an adjustment sets available to
// 500.00; the member saves three payout addresses; a 100.00 withdrawal is paid; a 50.00 withdrawal is rejected.
const EXPECTED_LINES = [
  {
    type: 'DepositRequested',
    amount: '1500.00',
    change: '0.00',
    bucket: null,
    reason: null,
    actor_role: 'member',
    balances: balances('0.00', '0.00', '0.00', '0.00', '0.00', '0.00'),
  },
  {
    type: 'DepositConfirmed',
    amount: '1500.00',
    change: '1500.00',
    bucket: null,
    reason: null,
    actor_role: 'admin',
    balances: balances('0.00', '1500.00', '0.00', '0.00', '0.00', '1500.00'),
  },
  {
    type: 'BalanceAdjusted',
    amount: '500.00',
    change: '500.00',
    bucket: 'available',
    reason: FORMULA_REASON,
    actor_role: 'admin',
    balances: balances('500.00', '1500.00', '0.00', '0.00', '0.00', '2000.00'),
  },
  ADDRESS_SAVED,
  ADDRESS_SAVED,
  ADDRESS_SAVED,
  {
    type: 'WithdrawalRequested',
    amount: '100.00',
    change: '0.00',
    bucket: null,
    reason: null,
    actor_role: 'member',
    balances: balances('400.00', '1500.00', '0.00', '0.00', '100.00', '2000.00'),
  },
  {
    type: 'WithdrawalPaid',
    amount: '100.00',
    change: '-100.00',
    bucket: null,
    reason: null,
    actor_role: 'admin',
    balances: balances('400.00', '1500.00', '0.00', '0.00', '0.00', '1900.00'),
  },
  {
    type: 'WithdrawalRequested',
    amount: '50.00',
    change: '0.00',
    bucket: null,
    reason: null,
    actor_role: 'member',
    balances: balances('350.00', '1500.00', '0.00', '0.00', '50.00', '1900.00'),
  },
  {
    type: 'WithdrawalRejected',
    amount: '50.00',
    change: '0.00',
    bucket: null,
    reason: REJECTION_REASON,
    actor_role: 'admin',
    balances: balances('400.00', '1500.00', '0.00', '0.00', '0.00', '1900.00'),
  },
];

beforeAll(async () => {
  testApp = await startAccountsTestApp('account_statement');
  [admin, auditor, member, other] = await signInAs(testApp, 'admin', 'auditor', 'member', 'member');

  await confirmedDeposit(admin.browser, member.browser, '1500.00');
  await adjustBalancesAtCurrentVersion(admin.browser, member.userId, {
    available: '500.00',
    invested: '1500.00',
    profit: '0.00',
    reason: FORMULA_REASON,
  });
  await savePayoutAddresses(member.browser);
  const paid = await requestWithdrawal(member.browser, '100.00');
  await payWithdrawal(admin.browser, paid.withdrawalId);
  const rejected = await requestWithdrawal(member.browser, '50.00');
  await rejectWithdrawal(admin.browser, rejected.withdrawalId, REJECTION_REASON);
  await requestDeposit(other.browser, '2000.00');

  // Each request's events were recorded at a moment of their own (the three addresses came in one save): the cuts
  // below fall between events recorded at different moments.
  const events = await testApp.accountEvents(member.userId);
  expect(events.map((event) => event.type)).toEqual(EXPECTED_LINES.map((line) => line.type));
  for (let index = 1; index < events.length; index += 1) {
    const [earlier, later] = [events[index - 1]!, events[index]!];
    if (later.metadata.requestId === earlier.metadata.requestId) {
      expect(later.recordedAt.getTime()).toBe(earlier.recordedAt.getTime());
    } else {
      expect(later.recordedAt.getTime()).toBeGreaterThan(earlier.recordedAt.getTime());
    }
  }
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/user/statement', () => {
  it("answers the member's whole account, oldest first, with the running balances after each event", async () => {
    const response = await member.browser.get('/api/user/statement').expect(200);

    const events = await testApp.accountEvents(member.userId);
    expect(accountStatement.parse(response.body)).toEqual(response.body);
    expect(response.body.lines).toEqual(
      EXPECTED_LINES.map((line, index) => ({
        ...line,
        id: events[index]!.id,
        position: index + 1,
        recorded_at: events[index]!.recordedAt.toISOString(),
        hash: events[index]!.hash,
      })),
    );
    expect(response.body).toMatchObject({
      user_id: member.userId,
      events: 10,
      head_hash: await headHash(member.userId),
      balances: balances('400.00', '1500.00', '0.00', '0.00', '0.00', '1900.00'),
    });
    expect(Date.parse(response.body.as_of)).toBeGreaterThanOrEqual(events.at(-1)!.recordedAt.getTime());
  });

  it('stops at as_of, including an event recorded exactly then', async () => {
    const events = await testApp.accountEvents(member.userId);
    const withdrawal = events[FIRST_WITHDRAWAL]!;

    const response = await member.browser
      .get('/api/user/statement')
      .query({ as_of: withdrawal.recordedAt.toISOString() })
      .expect(200);

    expect(response.body).toMatchObject({
      as_of: withdrawal.recordedAt.toISOString(),
      events: FIRST_WITHDRAWAL + 1,
      head_hash: withdrawal.hash,
      balances: balances('400.00', '1500.00', '0.00', '0.00', '100.00', '2000.00'),
    });
    expect(response.body.lines.map((line: { id: string }) => line.id)).toEqual(
      events.slice(0, FIRST_WITHDRAWAL + 1).map((event) => event.id),
    );
  });

  it('gives the balance as of a moment between two events, named with an offset', async () => {
    const events = await testApp.accountEvents(member.userId);
    // A millisecond before the payout, written as the same instant two hours ahead.
    const moment = new Date(events[PAYOUT]!.recordedAt.getTime() - 1);
    const local = new Date(moment.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');

    const response = await member.browser.get('/api/user/statement').query({ as_of: local }).expect(200);

    expect(response.body).toMatchObject({
      as_of: moment.toISOString(),
      events: PAYOUT,
      head_hash: events[FIRST_WITHDRAWAL]!.hash,
      balances: balances('400.00', '1500.00', '0.00', '0.00', '100.00', '2000.00'),
    });
  });

  it('is empty, with no head hash, as of a moment before the first event', async () => {
    const events = await testApp.accountEvents(member.userId);
    const before = new Date(events[0]!.recordedAt.getTime() - 1).toISOString();

    const response = await member.browser.get('/api/user/statement').query({ as_of: before }).expect(200);

    expect(response.body).toEqual({
      user_id: member.userId,
      as_of: before,
      events: 0,
      head_hash: null,
      balances: balances('0.00', '0.00', '0.00', '0.00', '0.00', '0.00'),
      lines: [],
    });
  });

  it("shows only the caller's own account: a query naming another's is refused by name", async () => {
    const refused = await other.browser
      .get('/api/user/statement')
      .query({ user_id: member.userId })
      .expect(400);
    expect(refused.body.fieldErrors).toEqual({ user_id: ['Unknown field'] });

    const response = await other.browser.get('/api/user/statement').expect(200);

    expect(response.body).toMatchObject({
      user_id: other.userId,
      events: 1,
      head_hash: await headHash(other.userId),
      balances: balances('0.00', '0.00', '0.00', '0.00', '0.00', '0.00'),
    });
    expect(response.body.lines[0]).toMatchObject({ type: 'DepositRequested', amount: '2000.00' });
  });

  it.each([
    ['a word', 'yesterday'],
    ['a day without a time', '2026-11-22'],
    ['a time without an offset', '2026-11-22T10:00:00'],
    ['a day that does not exist', '2026-02-30T10:00:00Z'],
  ])('answers 400 naming as_of for %s', async (_, asOf) => {
    const response = await member.browser.get('/api/user/statement').query({ as_of: asOf }).expect(400);

    expect(response.body).toEqual({
      message: expect.any(String),
      fieldErrors: { as_of: ['must be a date and time, e.g. 2026-11-22T10:00:00Z'] },
    });
  });

  it('answers 400 for as_of given twice', async () => {
    const response = await member.browser
      .get('/api/user/statement?as_of=2026-11-22T10:00:00Z&as_of=2026-11-23T10:00:00Z')
      .expect(400);

    expect(response.body.fieldErrors).toEqual({ as_of: [expect.any(String)] });
  });
});

describe('GET /api/admin/users/:id/statement', () => {
  it("gives an auditor the member's statement as the member sees it", async () => {
    const events = await testApp.accountEvents(member.userId);
    const asOf = events[PAYOUT]!.recordedAt.toISOString();

    const staff = await auditor.browser
      .get(`/api/admin/users/${member.userId}/statement`)
      .query({ as_of: asOf });
    const own = await member.browser.get('/api/user/statement').query({ as_of: asOf });

    expect(staff.status).toBe(200);
    expect(staff.body).toEqual(own.body);
    expect(staff.body).toMatchObject({ events: PAYOUT + 1, head_hash: events[PAYOUT]!.hash });
  });

  it("refuses a member another member's statement", async () => {
    await other.browser.get(`/api/admin/users/${member.userId}/statement`).expect(403);
    await other.browser.get(`/api/admin/users/${member.userId}/statement.csv`).expect(403);
  });

  it.each([
    ['an unknown id', () => randomUUID()],
    ['a staff member', () => auditor.userId],
  ])('answers 404 for %s', async (_, id) => {
    for (const path of ['statement', 'statement.csv']) {
      const response = await auditor.browser.get(`/api/admin/users/${id()}/${path}`).expect(404);
      expect(response.body).toEqual({ message: 'User not found' });
    }
  });

  it('answers 404 for an id that is not a uuid (it names no member), and 400 for a bad as_of', async () => {
    await auditor.browser
      .get('/api/admin/users/not-a-uuid/statement')
      .expect(404, { message: 'User not found' });
    const response = await auditor.browser
      .get(`/api/admin/users/${member.userId}/statement.csv`)
      .query({ as_of: 'soon' })
      .expect(400);
    expect(response.body.fieldErrors).toEqual({ as_of: [expect.any(String)] });
  });
});

describe('GET /api/user/statement.csv', () => {
  it('downloads the statement line by line, then a closing row with the as_of and the head hash', async () => {
    const events = await testApp.accountEvents(member.userId);
    const asOf = events[ADJUSTED]!.recordedAt.toISOString();

    const response = await member.browser.get('/api/user/statement.csv').query({ as_of: asOf }).expect(200);

    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ledgerstone-statement-${asOf.slice(0, 10)}.csv"`,
    );
    expect(response.text.startsWith('\uFEFFrecorded_at,position,event_id,type,')).toBe(true);
    const rows = parse(response.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      ...EXPECTED_LINES.slice(0, ADJUSTED + 1).map((line, index) => ({
        recorded_at: events[index]!.recordedAt.toISOString(),
        position: String(index + 1),
        event_id: events[index]!.id,
        type: line.type,
        amount: line.amount,
        change: line.change,
        bucket: line.bucket ?? '',
        // A reason a spreadsheet would run as a formula is made text.
        reason: line.reason === null ? '' : `'${line.reason}`,
        ...line.balances,
        hash: events[index]!.hash,
      })),
      {
        recorded_at: asOf,
        position: '',
        event_id: '',
        type: 'Closing balance',
        amount: '',
        change: '',
        bucket: '',
        reason: '',
        ...balances('500.00', '1500.00', '0.00', '0.00', '0.00', '2000.00'),
        hash: events[ADJUSTED]!.hash,
      },
    ]);
  });

  it('gives staff the same rows, under a file name with the member', async () => {
    const own = await member.browser.get('/api/user/statement.csv').expect(200);
    const staff = await admin.browser.get(`/api/admin/users/${member.userId}/statement.csv`).expect(200);

    const ownRows = parse(own.text, { bom: true, columns: true }) as Record<string, string>[];
    const staffRows = parse(staff.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(staffRows.slice(0, -1)).toEqual(ownRows.slice(0, -1));
    expect(staffRows).toHaveLength(EXPECTED_LINES.length + 1);
    expect(staffRows.at(-1)).toMatchObject({ type: 'Closing balance', hash: await headHash(member.userId) });
    expect(staff.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="ledgerstone-statement-${member.userId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`,
      ),
    );
  });
});

describe('GET /api/admin/users/:id/activity with the timeline filter', () => {
  const ids = (body: { data: { id: string }[] }) => body.data.map((record) => record.id);

  it('lists every event, newest first, without a filter', async () => {
    const response = await auditor.browser.get(`/api/admin/users/${member.userId}/activity`).expect(200);

    const events = await testApp.accountEvents(member.userId);
    expect(adminAccountActivity.parse(response.body)).toEqual(response.body);
    expect(ids(response.body)).toEqual(events.map((event) => event.id).reverse());
  });

  it('keeps only the events of one type', async () => {
    const response = await auditor.browser
      .get(`/api/admin/users/${member.userId}/activity`)
      .query({ type: 'WithdrawalRequested' })
      .expect(200);

    const events = await testApp.accountEvents(member.userId);
    expect(ids(response.body)).toEqual([events[SECOND_WITHDRAWAL]!.id, events[FIRST_WITHDRAWAL]!.id]);
  });

  it('keeps only the events recorded from `from` to `to`, both included', async () => {
    const events = await testApp.accountEvents(member.userId);

    const response = await auditor.browser
      .get(`/api/admin/users/${member.userId}/activity`)
      .query({
        from: events[ADJUSTED]!.recordedAt.toISOString(),
        to: events[PAYOUT]!.recordedAt.toISOString(),
      })
      .expect(200);

    expect(ids(response.body)).toEqual(
      events
        .slice(ADJUSTED, PAYOUT + 1)
        .map((event) => event.id)
        .reverse(),
    );
  });

  it('combines the type with a single bound', async () => {
    const events = await testApp.accountEvents(member.userId);

    const response = await auditor.browser
      .get(`/api/admin/users/${member.userId}/activity`)
      .query({
        type: 'WithdrawalRequested',
        from: new Date(events[FIRST_WITHDRAWAL]!.recordedAt.getTime() + 1).toISOString(),
      })
      .expect(200);

    expect(ids(response.body)).toEqual([events[SECOND_WITHDRAWAL]!.id]);
  });

  it.each([
    [{ type: 'Deposit' }, 'type'],
    [{ from: 'last week' }, 'from'],
    [{ to: '2026-11-22' }, 'to'],
    [{ from: '2026-11-22T10:00:00Z', to: '2026-11-22T09:00:00Z' }, 'to'],
    [{ from: 'soon', to: '2026-11-22T09:00:00Z' }, 'from'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const response = await auditor.browser
      .get(`/api/admin/users/${member.userId}/activity`)
      .query(query)
      .expect(400);

    expect(response.body).toEqual({
      message: expect.any(String),
      fieldErrors: { [field]: [expect.any(String)] },
    });
  });
});

describe('GET /api/admin/transactions.csv', () => {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const shiftDays = (text: string, days: number) =>
    day(new Date(Date.parse(`${text}T00:00:00Z`) + days * 86_400_000));

  async function accountEventsInLog() {
    const { rows } = await sql<{ event_id: string; recorded_at: Date }>`
      select event_id, recorded_at from events where stream_id like 'account-%' order by global_position
    `.execute(testApp.db);
    return rows;
  }

  it("lists every member's account events recorded on the days asked, oldest first", async () => {
    const log = await accountEventsInLog();
    const from = day(log[0]!.recorded_at);
    const to = day(log.at(-1)!.recorded_at);

    const response = await auditor.browser.get('/api/admin/transactions.csv').query({ from, to }).expect(200);

    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ledgerstone-transactions-${from}-to-${to}.csv"`,
    );
    const rows = parse(response.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.event_id)).toEqual(log.map((event) => event.event_id));
    expect(new Set(rows.map((row) => row.user_id))).toEqual(new Set([member.userId, other.userId]));
    expect(rows.every((row) => (accountEventTypes as string[]).includes(row.type!))).toBe(true);
  });

  it('writes each event with its amount, bucket, reason, transaction and actor', async () => {
    const log = await accountEventsInLog();
    const events = await testApp.accountEvents(member.userId);
    const adjusted = events[ADJUSTED]!;
    const rejected = events[REJECTION]!;

    const response = await admin.browser
      .get('/api/admin/transactions.csv')
      .query({ from: day(log[0]!.recorded_at), to: day(log.at(-1)!.recorded_at) })
      .expect(200);

    const rows = parse(response.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'recorded_at',
      'event_id',
      'user_id',
      'type',
      'amount',
      'bucket',
      'reason',
      'transaction_id',
      'actor_role',
      'actor_id',
      'request_id',
    ]);
    expect(rows.find((row) => row.event_id === adjusted.id)).toEqual({
      recorded_at: adjusted.recordedAt.toISOString(),
      event_id: adjusted.id,
      user_id: member.userId,
      type: 'BalanceAdjusted',
      amount: '500.00',
      bucket: 'available',
      reason: `'${FORMULA_REASON}`,
      transaction_id: (adjusted.data as { adjustmentId: string }).adjustmentId,
      actor_role: 'admin',
      actor_id: admin.userId,
      request_id: adjusted.metadata.requestId,
    });
    expect(rows.find((row) => row.event_id === rejected.id)).toMatchObject({
      type: 'WithdrawalRejected',
      amount: '50.00',
      bucket: '',
      reason: REJECTION_REASON,
      transaction_id: (rejected.data as { withdrawalId: string }).withdrawalId,
    });
  });

  it('leaves out days outside the range: only the header before and after the events', async () => {
    const log = await accountEventsInLog();
    const first = day(log[0]!.recorded_at);
    const last = day(log.at(-1)!.recorded_at);

    for (const [from, to] of [
      [shiftDays(first, -3), shiftDays(first, -1)],
      [shiftDays(last, 1), shiftDays(last, 1)],
    ]) {
      const response = await auditor.browser
        .get('/api/admin/transactions.csv')
        .query({ from, to })
        .expect(200);
      expect(response.text).toBe(
        '\uFEFFrecorded_at,event_id,user_id,type,amount,bucket,reason,transaction_id,actor_role,actor_id,request_id\r\n',
      );
    }
  });

  it('reads the log in pages that together give the whole range, in order', async () => {
    const log = await accountEventsInLog();
    const range = {
      start: new Date(`${day(log[0]!.recorded_at)}T00:00:00Z`),
      end: new Date(Date.parse(`${day(log.at(-1)!.recorded_at)}T00:00:00Z`) + 86_400_000),
    };

    const pages: string[][] = [];
    for await (const page of testApp.app.get(TransactionsExport).pages(range, 3)) {
      pages.push(page.map((event) => event.id));
    }

    expect(pages.map((page) => page.length)).toEqual([3, 3, 3, 2]);
    expect(pages.flat()).toEqual(log.map((event) => event.event_id));
  });

  it.each([
    [{ to: '2026-11-22' }, 'from'],
    [{ from: '2026-11-22' }, 'to'],
    [{ from: '2026-13-01', to: '2026-12-01' }, 'from'],
    [{ from: '2026-11-22', to: '2026-11-21' }, 'to'],
    [{ from: '2026-11-22T00:00:00Z', to: '2026-11-22' }, 'from'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const response = await auditor.browser.get('/api/admin/transactions.csv').query(query).expect(400);

    expect(response.body).toEqual({
      message: expect.any(String),
      fieldErrors: { [field]: [expect.any(String)] },
    });
  });

  it('answers 400 for more than 366 days, and takes exactly 366', async () => {
    const tooLong = await auditor.browser
      .get('/api/admin/transactions.csv')
      .query({ from: '2024-01-01', to: '2025-01-01' })
      .expect(400);
    expect(tooLong.body).toEqual({
      message: 'An export covers at most 366 days: choose a later from or an earlier to',
      fieldErrors: { to: ['An export covers at most 366 days: choose a later from or an earlier to'] },
    });

    await auditor.browser
      .get('/api/admin/transactions.csv')
      .query({ from: '2024-01-01', to: '2024-12-31' })
      .expect(200);
  });
});

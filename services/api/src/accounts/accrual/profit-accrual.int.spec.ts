import { FOUR_EYES_OFF } from '../../testing/account-steps.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, EventStore, type TestDatabase } from '@ledgerstone/eventstore';
import {
  accountStreamId,
  addDays,
  centsFromString,
  daysBetween,
  profitAfter,
  statedReturn,
  type AccountCommand,
  type Cents,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { AccountCommands } from '../application/account-commands.js';
import { loadAccountState } from '../persistence/account-state-row.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';
import { accrueFromCommandLine } from '../../cli/accrue-command-line.js';
import { accrualEventId, nameBasedUuid, ProfitAccrual } from './profit-accrual.js';

const START = '2026-01-01';
const SIMULATED_DAYS = 400;
const MEMBERS = 50;
const INVESTMENTS_PER_MEMBER = 4;
const PERCENTAGES = ['50', '12.5', '7.25', '100', '3', '0.01', '33.33'];
const TERMS = [1, 7, 30, 45, 90, 180, 365];

interface SimulatedInvestment {
  userId: string;
  investmentId: string;
  principal: Cents;
  percentage: string;
  termDays: number;
  /** The day the deposit is confirmed. */
  startDay: string;
}

/** A fixed pseudo-random sequence, so a failure can be run again as it was. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

class SettableClock {
  constructor(private current: Date) {}
  now(): Date {
    return new Date(this.current);
  }
  set(time: Date): void {
    this.current = time;
  }
}

let database: TestDatabase<unknown>;
let accounts: AccountsDatabase;
let commands: AccountCommands;
let accrual: ProfitAccrual;
const clock = new SettableClock(new Date(`${START}T00:05:00.000Z`));
const investments: SimulatedInvestment[] = [];

/** The closed form: what every investment and account must show once the days through `day` are accrued. */
function expectedFigures(day: string) {
  const accountsById = new Map<
    string,
    { available: Cents; invested: Cents; profitLocked: Cents; profitUnlocked: Cents }
  >();
  const byInvestment = new Map<string, { profit: Cents; matured: boolean }>();
  for (const investment of investments) {
    const total = statedReturn(investment.principal, investment.percentage);
    const days = Math.min(Math.max(daysBetween(investment.startDay, day), 0), investment.termDays);
    const matured = days === investment.termDays;
    const profit = profitAfter(total, investment.termDays, days);
    byInvestment.set(investment.investmentId, { profit, matured });
    const account = accountsById.get(investment.userId) ?? {
      available: 0n,
      invested: 0n,
      profitLocked: 0n,
      profitUnlocked: 0n,
    };
    if (matured) {
      account.available += investment.principal;
      account.profitUnlocked += profit;
    } else {
      account.invested += investment.principal;
      account.profitLocked += profit;
    }
    accountsById.set(investment.userId, account);
  }
  return { accountsById, byInvestment };
}

async function expectFiguresThrough(day: string): Promise<void> {
  const { accountsById, byInvestment } = expectedFigures(day);
  const rows = await accounts.selectFrom('account_states').selectAll().execute();
  expect(rows).toHaveLength(MEMBERS);
  for (const row of rows) {
    const state = loadAccountState(row.state);
    expect({
      available: state.available,
      invested: state.invested,
      profitLocked: state.profitLocked,
      profitUnlocked: state.profitUnlocked,
    }).toEqual(accountsById.get(row.user_id));
    expect([row.available, row.invested, row.profit_locked, row.profit_unlocked]).toEqual([
      state.available,
      state.invested,
      state.profitLocked,
      state.profitUnlocked,
    ]);
    // Running investments keep their profit so far; a matured one only the day it matured (its profit is in
    // the account's unlocked profit above).
    for (const investment of Object.values(state.investments)) {
      const expected = byInvestment.get(investment.investmentId)!;
      expect({ id: investment.investmentId, profit: investment.profit, matured: false }).toEqual({
        id: investment.investmentId,
        ...expected,
      });
    }
    for (const investmentId of Object.keys(state.maturedInvestments)) {
      expect({ id: investmentId, matured: byInvestment.get(investmentId)?.matured }).toEqual({
        id: investmentId,
        matured: true,
      });
    }
  }
  // The events themselves add up to the same figures, one accrual per investment and day.
  const { rows: sums } = await sql<{
    investment_id: string;
    total: string;
    days: string;
    distinct_days: string;
  }>`
    select data->>'investmentId' as investment_id, sum((data->>'amount')::bigint)::text as total,
      count(*)::text as days, count(distinct data->>'day')::text as distinct_days
    from events where type = 'ProfitAccrued' group by 1
  `.execute(database.db);
  for (const sum of sums) {
    expect(sum.days).toBe(sum.distinct_days);
    expect(BigInt(sum.total)).toBe(byInvestment.get(sum.investment_id)!.profit);
  }
  const accruing = [...byInvestment.values()].filter((each) => each.profit > 0n).length;
  expect(sums.filter((sum) => BigInt(sum.total) > 0n)).toHaveLength(accruing);
}

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ count: string }>`select count(*)::text as count from events`.execute(
    database.db,
  );
  return Number(rows[0]!.count);
}

async function accountSnapshot(): Promise<unknown[]> {
  return accounts
    .selectFrom('account_states')
    .select(['user_id', 'version', 'state'])
    .orderBy('user_id')
    .execute();
}

/** Members and their confirmed deposits, made through the account decider as the api makes them. */
async function seedInvestments(): Promise<void> {
  const random = sequence(7);
  const pick = <T>(values: T[]): T => values[Math.floor(random() * values.length)]!;
  for (let member = 0; member < MEMBERS; member += 1) {
    const userId = randomUUID();
    await accounts
      .insertInto('users')
      .values({
        id: userId,
        email: `investor.${member}@example.test`,
        first_name: 'Investor',
        last_name: `Number${member}`,
        phone: null,
        password_hash: 'not used here',
        role: 'member',
        status: 'active',
        referral_code: `ACCR${String(member).padStart(4, '0')}`,
        created_at: clock.now(),
        verified_at: clock.now(),
      })
      .execute();
    const planned: AccountCommand[] = [];
    for (let index = 0; index < INVESTMENTS_PER_MEMBER; index += 1) {
      const investment: SimulatedInvestment = {
        userId,
        investmentId: randomUUID(),
        principal: BigInt(1 + Math.floor(random() * 1_000_000_000)),
        percentage: pick(PERCENTAGES),
        termDays: pick(TERMS),
        startDay: addDays(START, Math.floor(random() * 60)),
      };
      investments.push(investment);
      const depositId = randomUUID();
      const confirmedAt = new Date(`${investment.startDay}T00:00:00.000Z`);
      confirmedAt.setUTCMinutes(Math.floor(random() * 24 * 60));
      planned.push(
        {
          type: 'RequestDeposit',
          data: {
            userId,
            depositId,
            plan: {
              planId: randomUUID(),
              planVersion: 1,
              planName: 'SIMULATED',
              percentage: investment.percentage,
              termDays: investment.termDays,
              minAmount: 1n,
              maxAmount: 10_000_000_000n,
            },
            amount: investment.principal,
            paymentMethodId: randomUUID(),
            proofKey: 'proofs/simulated',
            transactionHash: null,
            accountOpen: true,
            requestedAt: confirmedAt,
          },
        },
        {
          type: 'ConfirmDeposit',
          data: {
            userId,
            depositId,
            investmentId: investment.investmentId,
            adminId: userId,
            accountOpen: true,
            fourEyes: FOUR_EYES_OFF,
            confirmedAt,
          },
        },
      );
    }
    await commands.execute({
      userId,
      commandType: 'SeedInvestments',
      metadata: { actorRole: 'system' },
      commands: () => planned,
      result: () => null,
    });
  }
}

beforeAll(async () => {
  database = await createTestDatabase('accrual', { maxConnections: 8 });
  accounts = accountsDatabase(database.db);
  commands = new AccountCommands(database.db, clock, new EventStore(database.db));
  accrual = new ProfitAccrual(database.db, commands, clock);
  await seedInvestments();
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

describe('Daily accrual over 400 simulated days', () => {
  it('matches the closed form at every run, and repeating or going back changes nothing', async () => {
    let day = START;
    const runs = [1, 3, 10, 10, 25, 30, 31, 40, 50, 60, 70, 70];
    for (const step of runs) {
      day = addDays(day, step);
      clock.set(new Date(`${addDays(day, 1)}T00:05:00.000Z`));
      // Two runs at once, as if two processes fired the job: the row lock and the decider keep one.
      await Promise.all([accrual.accrueUntil(accrual.yesterday()), accrual.accrueUntil(day)]);
      await expectFiguresThrough(day);
    }
    expect(daysBetween(START, day)).toBe(SIMULATED_DAYS);
    expect(investments).toHaveLength(200);

    const events = await eventCount();
    const before = await accountSnapshot();
    const again = await accrual.accrueUntil(day);
    expect(again).toEqual({ through: day, accounts: 0, accrued: 0, matured: 0, refused: 0 });
    for (const earlier of ['2026-01-02', '2026-03-15', '2026-09-30', START])
      await accrual.accrueUntil(earlier);
    expect(await eventCount()).toBe(events);
    expect(await accountSnapshot()).toEqual(before);
    await expectFiguresThrough(day);
  }, 120_000);

  it('derives each event id from the investment and the day', async () => {
    const investment = investments.find((each) => each.termDays === 30)!;
    const day = addDays(investment.startDay, 30);
    const { rows } = await sql<{ id: string; type: string; data: { day?: string } }>`
      select event_id as id, type, data from events
      where stream_id = ${accountStreamId(investment.userId)} and data->>'investmentId' = ${investment.investmentId}
        and type in ('ProfitAccrued', 'InvestmentMatured')
    `.execute(database.db);
    expect(rows).toHaveLength(31);
    const last = rows.find((row) => row.data.day === day)!;
    expect(last.id).toBe(nameBasedUuid(`ProfitAccrued/${investment.investmentId}/${day}`));
    const matured = rows.find((row) => row.type === 'InvestmentMatured')!;
    expect(matured.id).toBe(
      accrualEventId({
        type: 'InvestmentMatured',
        data: {
          userId: investment.userId,
          investmentId: investment.investmentId,
          maturedOn: day,
          principal: '0',
          profit: '0',
        },
      }),
    );
    expect(centsFromString((matured.data as { profit: string }).profit)).toBe(
      statedReturn(investment.principal, investment.percentage),
    );
  });

  it('runs by hand through a given day, and refuses a malformed one', async () => {
    const env = { DATABASE_URL: database.url };
    await expect(accrueFromCommandLine(['--date', '2027-02-05'], env)).resolves.toBe(
      'accrued through 2027-02-05: 0 days on 0 accounts, 0 matured',
    );
    await expect(accrueFromCommandLine(['--date', '5/2/2027'], env)).rejects.toThrow(
      '--date must be YYYY-MM-DD',
    );
  });
});

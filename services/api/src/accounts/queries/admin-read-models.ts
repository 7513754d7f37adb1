import { Inject, Injectable } from '@nestjs/common';
import {
  readModels,
  type AdminAmount,
  type AdminDailyTotals,
  type AdminDailyTotalsQuery,
  type AdminTotals,
  type AdminTransactionList,
  type AdminTransactionsQuery,
  type AdminUserDetail,
  type AdminUserList,
  type AdminUsersQuery,
} from '@ledgerstone/contracts';
import { formatCents } from '@ledgerstone/ledger';
import { UserNotFoundError } from '../../identity/index.js';
import {
  adminTotals,
  availableBalancesOf,
  figuresOf,
  otherDepositsWithSameHash,
  readModelDatabase,
  readOrEmpty,
} from '@ledgerstone/read-models';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { waitForPosition } from '../../shared/database/read-your-writes.js';
import { containsPattern } from './search-pattern.js';
import type { PaymentMethodsTable } from '../../catalog/index.js';
import type { AccountTables } from '../persistence/accounts.tables.js';

const DAY_MS = 86_400_000;

/** The UTC dates from `days - 1` days before `today` up to `today`, as "YYYY-MM-DD". */
function utcDates(today: Date, days: number): string[] {
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, index) =>
    new Date(midnight - (days - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** An address in the book for longer than this before a withdrawal to it is a known address. */
const KNOWN_ADDRESS_MS = 30 * 86_400_000;

/** What admins and auditors read: every member's figures, the transaction list and the totals. */
@Injectable()
export class AdminReadModels {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Members and their account states from the write side; transactions name their method from it too. */
  private get db() {
    return readModelDatabase(this.database).withTables<
      AccountTables & { payment_methods: PaymentMethodsTable }
    >();
  }

  async users(query: AdminUsersQuery, after: unknown): Promise<AdminUserList> {
    await waitForPosition(this.database, after, [readModels.memberBalances]);
    let members = this.db.selectFrom('users').where('role', '=', 'member');
    if (query.search) {
      const pattern = containsPattern(query.search);
      members = members.where((where) =>
        where.or([
          where('email', 'ilike', pattern),
          where('first_name', 'ilike', pattern),
          where('last_name', 'ilike', pattern),
          where(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
        ]),
      );
    }
    const [{ total }, page] = await Promise.all([
      members.select((select) => select.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      members
        .select(['id', 'first_name', 'last_name', 'email', 'status', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
    ]);
    const available = await availableBalancesOf(
      this.database,
      page.map((user) => user.id),
    );
    return {
      users: page.map((user) => ({
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email ?? '',
        status: user.status,
        withdrawable_balance: formatCents(available.get(user.id) ?? 0n),
        createdAt: user.created_at.toISOString(),
      })),
      total_users: Number(total),
    };
  }

  /**
   * The figures and the version come from the account's state row, one snapshot that is always current: the
   * balances projection may lag, and the Edit User Details form sends back what it showed with this version.
   */
  async user(userId: string): Promise<AdminUserDetail> {
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'phone', 'status', 'created_at'])
      .where('id', '=', userId)
      .where('role', '=', 'member')
      .executeTakeFirst();
    if (!user) throw new UserNotFoundError('other');
    const account = await this.db
      .selectFrom('account_states')
      .select([
        'version',
        'available',
        'invested',
        'profit_locked',
        'profit_unlocked',
        'reserved',
        'total_deposited',
        'total_withdrawn',
      ])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return {
      data: {
        id: user.id,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email ?? '',
        phone: user.phone ?? '',
        status: user.status,
        createdAt: user.created_at.toISOString(),
        ...figuresOf(account),
        buckets: {
          available: formatCents(account?.available ?? 0n),
          invested: formatCents(account?.invested ?? 0n),
          profit_locked: formatCents(account?.profit_locked ?? 0n),
          profit_unlocked: formatCents(account?.profit_unlocked ?? 0n),
          reserved: formatCents(account?.reserved ?? 0n),
        },
        version: account?.version ?? 0,
      },
    };
  }

  async transactions(query: AdminTransactionsQuery, after: unknown): Promise<AdminTransactionList> {
    await waitForPosition(this.database, after, [readModels.transactions]);
    let listed = this.db.selectFrom('rm_transactions');
    if (query.id) listed = listed.where('rm_transactions.id', '=', query.id);
    if (query.type) listed = listed.where('type', '=', query.type);
    if (query.status) listed = listed.where('status', '=', query.status);
    const [count, rows] = await readOrEmpty(
      () =>
        Promise.all([
          listed.select((select) => select.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
          listed
            .leftJoin('payment_methods', 'payment_methods.id', 'rm_transactions.payment_method_id')
            .leftJoin(
              'withdrawal_destinations',
              'withdrawal_destinations.withdrawal_id',
              'rm_transactions.id',
            )
            .selectAll('rm_transactions')
            .select([
              'payment_methods.name as payment_method',
              'withdrawal_destinations.address_saved_at',
              'withdrawal_destinations.created_at as requested_at',
            ])
            .orderBy('rm_transactions.created_at', 'desc')
            .orderBy('rm_transactions.id')
            .limit(query.pageSize)
            .offset((query.page - 1) * query.pageSize)
            .execute(),
        ]),
      [{ total: '0' }, []],
    );
    const ids = rows.map((row) => row.id);
    const [sameHash, sameProof] = await Promise.all([
      otherDepositsWithSameHash(this.database, ids),
      this.otherDepositsWithSameProof(ids),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        amount: formatCents(row.amount),
        payment_method_id: row.payment_method_id,
        payment_method: row.payment_method ?? 'Unknown method',
        user_id: row.user_id,
        createdAt: row.created_at.toISOString(),
        transaction_hash: row.transaction_hash,
        other_deposits_with_hash: sameHash.get(row.id) ?? null,
        other_deposits_with_proof: sameProof.get(row.id) ?? null,
        address_known_over_30_days:
          row.address_saved_at && row.requested_at
            ? row.requested_at.getTime() - row.address_saved_at.getTime() > KNOWN_ADDRESS_MS
            : null,
      })),
      total: Number(count.total),
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * For each deposit of `ids` whose proof was fingerprinted: how many other deposits, of any member, pending or
   * confirmed, came with the very same file.
   */
  private async otherDepositsWithSameProof(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const { rows } = await sql<{ id: string; others: string }>`
      select listed.deposit_id as id, (
        select count(*) from deposit_proofs other
        join rm_transactions decided on decided.id = other.deposit_id and decided.type = 'deposit'
        where other.sha256 = listed.sha256 and other.deposit_id <> listed.deposit_id
          and decided.status <> 'rejected'
      ) as others
      from deposit_proofs listed
      where listed.deposit_id = any(${ids}::uuid[]) and listed.sha256 is not null
    `.execute(this.database);
    return new Map(rows.map((row) => [row.id, Number(row.others)]));
  }

  async totals(after: unknown): Promise<AdminTotals> {
    await waitForPosition(this.database, after, [readModels.adminTotals]);
    return adminTotals(this.database);
  }

  /** The dashboard's "funds": confirmed deposits. */
  async funds(after: unknown): Promise<AdminAmount> {
    return { data: (await this.totals(after)).total_deposits };
  }

  /** The dashboard's "pending": the sum of deposits waiting for a decision. */
  async pending(after: unknown): Promise<AdminAmount> {
    return { data: (await this.totals(after)).pending_deposits.amount };
  }

  /** Deposits confirmed and withdrawals paid per UTC day, the last `days` days up to today, oldest first. */
  async dailyTotals(query: AdminDailyTotalsQuery, after: unknown): Promise<AdminDailyTotals> {
    await waitForPosition(this.database, after, [readModels.deposits, readModels.withdrawals]);
    const dates = utcDates(this.clock.now(), query.days);
    const first = dates[0]!;
    const today = dates.at(-1)!;
    const rows = await readOrEmpty(
      async () =>
        (
          await sql<{ date: string; deposits: bigint; withdrawals: bigint }>`
            with days as (
              select day::date from generate_series(${first}::date, ${today}::date, interval '1 day') as day
            ),
            deposits as (
              select (decided_at at time zone 'UTC')::date as day, sum(amount) as total
              from rm_deposits
              where status = 'completed' and decided_at >= ${first}::timestamp at time zone 'UTC'
              group by 1
            ),
            withdrawals as (
              select (decided_at at time zone 'UTC')::date as day, sum(amount) as total
              from rm_withdrawals
              where status = 'paid' and decided_at >= ${first}::timestamp at time zone 'UTC'
              group by 1
            )
            select to_char(days.day, 'YYYY-MM-DD') as date,
              coalesce(deposits.total, 0)::bigint as deposits,
              coalesce(withdrawals.total, 0)::bigint as withdrawals
            from days
              left join deposits using (day)
              left join withdrawals using (day)
            order by days.day
          `.execute(this.database)
        ).rows,
      dates.map((date) => ({ date, deposits: 0n, withdrawals: 0n })),
    );
    return {
      data: rows.map((row) => ({
        date: row.date,
        deposits: formatCents(row.deposits),
        withdrawals: formatCents(row.withdrawals),
      })),
    };
  }
}

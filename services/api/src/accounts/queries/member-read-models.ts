import { Inject, Injectable } from '@nestjs/common';
import {
  readModels,
  type AccountActivity,
  type Affiliates,
  type DepositHistory,
  type MemberFigures,
  type MemberHistoryQuery,
  type MemberProfitStatus,
  type WithdrawalHistory,
} from '@ledgerstone/contracts';
import { formatCents } from '@ledgerstone/ledger';
import {
  accountActivityOf,
  memberBalancesOf,
  memberFiguresOf,
  nextMaturityOf,
  readModelDatabase,
  readOrEmpty,
} from '@ledgerstone/read-models';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { waitForPosition } from '../../shared/database/read-your-writes.js';
import { historyRowMatches } from './search-pattern.js';
import type { PaymentMethodsTable } from '../../catalog/index.js';
import type { UsersTable } from '../../identity/index.js';

/** The member's figures, waiting first for `after` when given. */
export async function memberFigures(db: Database, userId: string, after?: unknown): Promise<MemberFigures> {
  await waitForPosition(db, after, [readModels.memberBalances]);
  return memberFiguresOf(db, userId);
}

/** How many rows the search finds in all pages, on each row of the page: `1`, not `*`, keeps it preparable. */
const TOTAL_OF_ALL_PAGES = sql<string>`count(1) over ()`.as('total');
const COUNT = sql<string>`count(1)`.as('total');

/** The rows before the page `query` asks for. */
const rowsBefore = ({ page, pageSize = 0 }: MemberHistoryQuery) => (page - 1) * pageSize;

/** The rows found in all pages: on the page's rows, or counted apart when the page is past the last one. */
async function totalOf(
  rows: readonly { total: string }[],
  { page }: MemberHistoryQuery,
  count: () => Promise<{ total: string }>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.total);
  return page === 1 ? 0 : Number((await readOrEmpty(count, { total: '0' })).total);
}

/** What a member reads of their own account; every query is keyed by the caller's user id. */
@Injectable()
export class MemberReadModels {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** Deposits and withdrawals name their method, referrals their member: joined from the write side. */
  private get db() {
    return readModelDatabase(this.database).withTables<{
      payment_methods: PaymentMethodsTable;
      users: UsersTable;
    }>();
  }

  async deposits(userId: string, after: unknown, query: MemberHistoryQuery): Promise<DepositHistory> {
    await waitForPosition(this.database, after, [readModels.deposits]);
    const rows = this.db
      .selectFrom('rm_deposits')
      .leftJoin('payment_methods', 'payment_methods.id', 'rm_deposits.payment_method_id')
      .where('rm_deposits.user_id', '=', userId)
      .$if(query.search !== undefined, (found) =>
        found.where(historyRowMatches('rm_deposits', query.search!)),
      );
    const page = await readOrEmpty(
      () =>
        rows
          // Columns by name: a statement without `*` is prepared on its connection (see the event store's pool).
          .select([
            'rm_deposits.deposit_id',
            'rm_deposits.amount',
            'rm_deposits.plan_name',
            'rm_deposits.percentage',
            'rm_deposits.payment_method_id',
            'rm_deposits.status',
            'rm_deposits.reason',
            'rm_deposits.requested_at',
            'rm_deposits.decided_at',
            'payment_methods.name as payment_method',
            TOTAL_OF_ALL_PAGES,
          ])
          .orderBy('rm_deposits.requested_at', 'desc')
          .orderBy('rm_deposits.deposit_id')
          .$if(query.pageSize !== undefined, (all) => all.limit(query.pageSize!).offset(rowsBefore(query)))
          .execute(),
      [],
    );
    return {
      data: page.map((row) => ({
        id: row.deposit_id,
        amount: formatCents(row.amount),
        plan_name: row.plan_name,
        percentage: row.percentage,
        payment_method_id: row.payment_method_id,
        payment_method: row.payment_method ?? 'Unknown method',
        status: row.status,
        reason: row.reason,
        createdAt: row.requested_at.toISOString(),
        decidedAt: row.decided_at?.toISOString() ?? null,
      })),
      total: await totalOf(page, query, () => rows.select(COUNT).executeTakeFirstOrThrow()),
    };
  }

  async withdrawals(userId: string, after: unknown, query: MemberHistoryQuery): Promise<WithdrawalHistory> {
    await waitForPosition(this.database, after, [readModels.withdrawals]);
    const rows = this.db
      .selectFrom('rm_withdrawals')
      .leftJoin('payment_methods', 'payment_methods.id', 'rm_withdrawals.payment_method_id')
      .where('rm_withdrawals.user_id', '=', userId)
      .$if(query.search !== undefined, (found) =>
        found.where(historyRowMatches('rm_withdrawals', query.search!)),
      );
    const page = await readOrEmpty(
      () =>
        rows
          .select([
            'rm_withdrawals.withdrawal_id',
            'rm_withdrawals.amount',
            'rm_withdrawals.source',
            'rm_withdrawals.payment_method_id',
            'rm_withdrawals.status',
            'rm_withdrawals.reason',
            'rm_withdrawals.payout_reference',
            'rm_withdrawals.requested_at',
            'rm_withdrawals.decided_at',
            'payment_methods.name as payment_method',
            TOTAL_OF_ALL_PAGES,
          ])
          .orderBy('rm_withdrawals.requested_at', 'desc')
          .orderBy('rm_withdrawals.withdrawal_id')
          .$if(query.pageSize !== undefined, (all) => all.limit(query.pageSize!).offset(rowsBefore(query)))
          .execute(),
      [],
    );
    return {
      data: page.map((row) => ({
        id: row.withdrawal_id,
        amount: formatCents(row.amount),
        source: row.source,
        payment_method_id: row.payment_method_id,
        payment_method: row.payment_method ?? 'Unknown method',
        status: row.status,
        reason: row.reason,
        payout_reference: row.payout_reference,
        createdAt: row.requested_at.toISOString(),
        decidedAt: row.decided_at?.toISOString() ?? null,
      })),
      total: await totalOf(page, query, () => rows.select(COUNT).executeTakeFirstOrThrow()),
    };
  }

  async activity(userId: string, after: unknown, limit?: number): Promise<AccountActivity> {
    await waitForPosition(this.database, after, [readModels.accountActivity]);
    return accountActivityOf(this.database, userId, limit);
  }

  /** The members this member referred: first name and last initial only, as `users` holds them now. */
  async affiliates(userId: string, after: unknown): Promise<Affiliates> {
    await waitForPosition(this.database, after, [readModels.referrals]);
    const parent = await this.db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', userId)
      .executeTakeFirst();
    const rows = await readOrEmpty(
      () =>
        this.db
          .selectFrom('rm_referrals')
          .innerJoin('users', 'users.id', 'rm_referrals.user_id')
          .select(['users.first_name', 'users.last_name', 'rm_referrals.verified', 'rm_referrals.created_at'])
          .where('rm_referrals.referrer_id', '=', userId)
          .where('users.status', '!=', 'closed')
          .orderBy('rm_referrals.created_at', 'desc')
          .execute(),
      [],
    );
    return {
      data: rows.map((row) => ({
        first_name: row.first_name,
        last_initial: row.last_name ? `${row.last_name.charAt(0).toUpperCase()}.` : '',
        referral_code: parent?.referral_code ?? '',
        isVerified: row.verified,
        createdAt: row.created_at.toISOString(),
      })),
    };
  }

  /** What Withdraw Profit may draw on now, what is still locked, and when the first running investment matures. */
  async profit(userId: string, after: unknown): Promise<MemberProfitStatus> {
    await waitForPosition(this.database, after, [readModels.memberBalances, readModels.investments]);
    const balances = await memberBalancesOf(this.database, userId);
    const next = await nextMaturityOf(this.database, userId);
    return {
      profit_unlocked: formatCents(balances?.profit_unlocked ?? 0n),
      profit_locked: formatCents(balances?.profit_locked ?? 0n),
      next_unlock_at: next?.toISOString() ?? null,
    };
  }
}

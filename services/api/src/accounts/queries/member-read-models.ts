import { Inject, Injectable } from '@nestjs/common';
import {
  readModels,
  type AccountActivity,
  type Affiliates,
  type DepositHistory,
  type MemberFigures,
  type MemberProfitStatus,
  type WithdrawalHistory,
} from '@ledgerstone/contracts';
import { formatCents, totalProfit } from '@ledgerstone/ledger';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { readModelDatabase, readOrEmpty, type MemberBalancesTable } from './read-model.tables.js';
import { waitForPosition } from '../../shared/database/read-your-writes.js';

/** The dashboard's four cards from a balances row; zeros before any money moved. */
export function figuresOf(
  row:
    | Pick<
        MemberBalancesTable,
        'available' | 'profit_locked' | 'profit_unlocked' | 'total_deposited' | 'total_withdrawn'
      >
    | undefined,
): MemberFigures {
  return {
    withdrawable_balance: formatCents(row?.available ?? 0n),
    total_invest: formatCents(row?.total_deposited ?? 0n),
    total_withdrawal: formatCents(row?.total_withdrawn ?? 0n),
    total_balance: formatCents(
      row ? totalProfit({ profitLocked: row.profit_locked, profitUnlocked: row.profit_unlocked }) : 0n,
    ),
  };
}

export async function readBalances(db: Database, userId: string): Promise<MemberBalancesTable | undefined> {
  return readOrEmpty(
    () =>
      readModelDatabase(db)
        .selectFrom('rm_member_balances')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    undefined,
  );
}

/** The member's figures, waiting first for `after` when given. */
export async function memberFigures(db: Database, userId: string, after?: unknown): Promise<MemberFigures> {
  await waitForPosition(db, after, [readModels.memberBalances]);
  return figuresOf(await readBalances(db, userId));
}

/** What a member reads of their own account; every query is keyed by the caller's user id. */
@Injectable()
export class MemberReadModels {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return readModelDatabase(this.database);
  }

  async deposits(userId: string, after: unknown): Promise<DepositHistory> {
    await waitForPosition(this.database, after, [readModels.deposits]);
    const rows = await readOrEmpty(
      () =>
        this.db
          .selectFrom('rm_deposits')
          .leftJoin('payment_methods', 'payment_methods.id', 'rm_deposits.payment_method_id')
          .selectAll('rm_deposits')
          .select('payment_methods.name as payment_method')
          .where('rm_deposits.user_id', '=', userId)
          .orderBy('rm_deposits.requested_at', 'desc')
          .orderBy('rm_deposits.deposit_id')
          .execute(),
      [],
    );
    return {
      data: rows.map((row) => ({
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
    };
  }

  async withdrawals(userId: string, after: unknown): Promise<WithdrawalHistory> {
    await waitForPosition(this.database, after, [readModels.withdrawals]);
    const rows = await readOrEmpty(
      () =>
        this.db
          .selectFrom('rm_withdrawals')
          .leftJoin('payment_methods', 'payment_methods.id', 'rm_withdrawals.payment_method_id')
          .selectAll('rm_withdrawals')
          .select('payment_methods.name as payment_method')
          .where('rm_withdrawals.user_id', '=', userId)
          .orderBy('rm_withdrawals.requested_at', 'desc')
          .orderBy('rm_withdrawals.withdrawal_id')
          .execute(),
      [],
    );
    return {
      data: rows.map((row) => ({
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
    };
  }

  async activity(userId: string, after: unknown): Promise<AccountActivity> {
    await waitForPosition(this.database, after, [readModels.accountActivity]);
    const rows = await readOrEmpty(
      () =>
        this.db
          .selectFrom('rm_account_activity')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('stream_position', 'desc')
          .execute(),
      [],
    );
    return {
      data: rows.map((row) => ({
        id: row.event_id,
        type: row.type,
        amount: formatCents(row.amount),
        bucket: row.bucket,
        reason: row.reason,
        occurredAt: row.occurred_at.toISOString(),
      })),
    };
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
    const balances = await readBalances(this.database, userId);
    const next = await readOrEmpty(
      () =>
        this.db
          .selectFrom('rm_investments')
          .select((select) => select.fn.min('matures_at').as('matures_at'))
          .where('user_id', '=', userId)
          .where('status', '=', 'running')
          .executeTakeFirst(),
      undefined,
    );
    return {
      profit_unlocked: formatCents(balances?.profit_unlocked ?? 0n),
      profit_locked: formatCents(balances?.profit_locked ?? 0n),
      next_unlock_at: next?.matures_at ? new Date(next.matures_at).toISOString() : null,
    };
  }
}

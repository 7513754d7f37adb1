import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Period close and proof of liabilities. `closed_periods` keeps each PeriodClosed of `books-period-<period>`
 * (written in the transaction that appends it) for listing; `liability_proof_nodes` holds each close's Merkle sum
 * tree, level 0 the leaves (several per member, each a random part of their balance) with their owners and secret
 * salts, so a member's proof is read, not rebuilt. Closing a period becomes an action four eyes can hold.
 */
export const createPeriodClose: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      alter table approvals drop constraint approvals_kind_check;
      alter table approvals add constraint approvals_kind_check check (kind in ('AdjustBalances', 'ConfirmDeposit',
        'MarkWithdrawalPaid', 'UnlockAccount', 'SetWithdrawalLimits', 'CreatePlan', 'ChangePlan',
        'CreatePaymentMethod', 'ChangePaymentMethod', 'ClosePeriod'));
      create table closed_periods (
        period text primary key,
        kind text not null check (kind in ('day', 'month')),
        starts_at timestamptz not null,
        ends_at timestamptz not null,
        closed_at timestamptz not null,
        closed_by uuid not null references users (id),
        entries integer not null,
        members integer not null,
        leaves integer not null,
        member_liabilities bigint not null check (member_liabilities >= 0),
        merkle_root text not null,
        last_event jsonb,
        accounts jsonb not null
      );
      create index closed_periods_by_end on closed_periods (ends_at desc, period);
      create table liability_proof_nodes (
        period text not null references closed_periods (period),
        level smallint not null,
        position integer not null,
        hash text not null,
        sum bigint not null check (sum >= 0),
        user_id uuid,
        salt text,
        primary key (period, level, position)
      );
      create index liability_proof_leaves on liability_proof_nodes (user_id, period) where user_id is not null
    `.execute(db);
  },
};

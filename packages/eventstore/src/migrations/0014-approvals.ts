import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Four eyes on money: each proposal's state row, written in the transaction that appends its events to
 * `approval-<id>` (as account_states is with an account's). At most one pending proposal per deposit,
 * withdrawal, payment method or member-wide action (`dedup_key`), so a second click proposes nothing new.
 */
export const createApprovals: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table approvals (
        approval_id uuid primary key,
        version integer not null,
        status text not null
          check (status in ('pending', 'executed', 'rejected', 'withdrawn', 'expired')),
        kind text not null check (kind in ('AdjustBalances', 'ConfirmDeposit', 'MarkWithdrawalPaid',
          'UnlockAccount', 'SetWithdrawalLimits', 'CreatePlan', 'ChangePlan', 'CreatePaymentMethod',
          'ChangePaymentMethod')),
        user_id uuid references users (id),
        subject_id text,
        dedup_key text,
        amount bigint,
        action jsonb not null,
        target_version integer not null,
        proposer_id uuid not null references users (id),
        reason text not null,
        proposed_at timestamptz not null,
        expires_at timestamptz not null,
        decided_by uuid references users (id),
        decision_reason text,
        decided_at timestamptz
      )
    `.execute(db);
    await sql`
      create unique index approvals_one_pending on approvals (dedup_key)
      where status = 'pending' and dedup_key is not null
    `.execute(db);
    await sql`create index approvals_pending on approvals (proposed_at) where status = 'pending'`.execute(db);
    await sql`create index approvals_by_user on approvals (user_id, proposed_at)`.execute(db);
  },
};

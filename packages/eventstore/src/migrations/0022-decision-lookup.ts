import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The event that decided a deposit or a withdrawal, found by its id: a pending proposal to confirm or pay one is
 * superseded once it was decided without it, which every read of the approvals checks. Without these the check
 * read the whole account stream of each pending proposal. Partial: only deciding events are indexed, so appends
 * of every other type pay nothing.
 */
export const indexDecisionsById: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create index if not exists events_deposit_decided on events ((data ->> 'depositId'))
      where type in ('DepositConfirmed', 'DepositRejected')
    `.execute(db);
    await sql`
      create index if not exists events_withdrawal_decided on events ((data ->> 'withdrawalId'))
      where type in ('WithdrawalPaid', 'WithdrawalRejected')
    `.execute(db);
  },
};

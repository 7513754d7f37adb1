import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Two more ways a proposal closes: `failed` (approved, but its account or the catalog had changed since, so
 * nothing ran) and `superseded` (its deposit or withdrawal was decided without it). Either frees its
 * `dedup_key`, so a new proposal can be made.
 */
export const addApprovalFailedAndSuperseded: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      alter table approvals drop constraint approvals_status_check;
      alter table approvals add constraint approvals_status_check check (status in ('pending', 'executed',
        'rejected', 'withdrawn', 'expired', 'failed', 'superseded'));
    `.execute(db);
  },
};

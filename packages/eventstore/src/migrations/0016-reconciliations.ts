import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The daily reconciliations: one row per day (the UTC day of the cutoff, its id), written in the transaction
 * that appends its events to `reconciliation-<day>`, as approvals are. The primary key is the database's own
 * backstop for one reconciliation a day.
 */
export const createReconciliations: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table reconciliations (
        reconciliation_id text primary key check (reconciliation_id ~ '^\\d{4}-\\d{2}-\\d{2}$'),
        version integer not null,
        status text not null check (status in ('matched', 'difference', 'resolved')),
        cutoff timestamptz not null,
        figures jsonb not null,
        entered_by uuid not null references users (id),
        entered_at timestamptz not null,
        resolved_by uuid references users (id),
        resolution_reason text,
        resolved_at timestamptz
      )
    `.execute(db);
  },
};

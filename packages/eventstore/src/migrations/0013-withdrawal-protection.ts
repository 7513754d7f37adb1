import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Withdrawal protection: when a withdrawal's address entered the member's address book (null for withdrawals
 * asked for before the book existed), and the lock links already used, each of which locks an account only once.
 */
export const createWithdrawalProtection: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table withdrawal_destinations add column address_saved_at timestamptz`.execute(db);
    await sql`
      create table used_lock_links (
        link_id uuid primary key,
        user_id uuid not null references users (id),
        used_at timestamptz not null
      )
    `.execute(db);
  },
};

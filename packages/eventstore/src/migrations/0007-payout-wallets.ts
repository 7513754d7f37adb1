import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Members' payout wallet addresses, one row per member, null where none is stored. Addresses are personal data:
 * they live here, never in events, and closing the account deletes the row.
 */
export const createPayoutWallets: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table payout_wallets (
        user_id uuid primary key references users (id),
        bitcoin text,
        ethereum text,
        usdt text,
        solana text,
        updated_at timestamptz not null
      );
    `.execute(db);
  },
};

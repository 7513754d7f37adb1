import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The admins' transaction list counts, for each deposit, the other deposits that give the same transaction hash.
 * Its table belongs to the projection, which creates this index with it (`DEPOSIT_HASH_INDEX` in the read models:
 * the same definition, so one plan serves both); a table the projector created before gets it here.
 */
export const indexDepositsByHash: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ exists: boolean }>`
      select to_regclass('rm_transactions') is not null as exists
    `.execute(db);
    if (!rows[0]?.exists) return;
    await sql`
      create index if not exists rm_transactions_deposit_hash
      on rm_transactions (lower(regexp_replace(transaction_hash, '^0[xX]', '')))
      where type = 'deposit' and transaction_hash is not null
    `.execute(db);
  },
};

import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The admins' transaction list counts, for each deposit, the other deposits that give the same transaction hash.
 * Two spellings of one payment are one key: the longest run of letters and digits in what the member typed (an
 * explorer's link to the transaction, quotes or spaces around it, change nothing), without case or a leading
 * 0x. A run shorter than 32 characters is no transaction id of any network the platform takes ("none", "n/a"):
 * no key, so such texts never flag each other. Of two ids of one length in one text, the first in byte order is
 * the key.
 *
 * The index belongs to the projection's table, which creates it with the table (`DEPOSIT_HASH_INDEX` in the read
 * models, the same definition); a table the projector created before gets it here.
 */
export const indexDepositsByHash: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create or replace function transaction_hash_key(hash text) returns text
      language sql immutable strict parallel safe
      as $$
        select key from (
          select lower(regexp_replace(run[1], '^0x', '', 'i')) as key
          from regexp_matches(hash, '[0-9A-Za-z]+', 'g') as run
        ) as runs
        where length(key) >= 32
        order by length(key) desc, key collate "C"
        limit 1
      $$
    `.execute(db);
    const { rows } = await sql<{ exists: boolean }>`
      select to_regclass('rm_transactions') is not null as exists
    `.execute(db);
    if (!rows[0]?.exists) return;
    await sql`
      create index if not exists rm_transactions_deposit_hash on rm_transactions (transaction_hash_key(transaction_hash))
      where type = 'deposit' and transaction_hash is not null
    `.execute(db);
  },
};

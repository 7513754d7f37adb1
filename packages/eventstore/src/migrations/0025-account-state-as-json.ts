import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The account state document is read and written whole by the api, which parses and writes it itself, so PostgreSQL
 * keeps it as the text it was sent (`json`) instead of converting it to `jsonb` at every command and back to text at
 * every read: for a state of 30 pending withdrawals (6 KB), a read cost PostgreSQL 40-43 µs instead of
 * 63-83 and a write 155-163 µs instead of 185-215 (8 clients, 4,000 of each, three rounds alternated). The two
 * statements that look inside it (the address book's backfill, the accrual's search for running investments) use
 * json's operators. The table is rewritten once, in one statement with the column's lz4 compression (0017): the
 * type change alone would drop it, and the rewritten states would be compressed with pglz.
 */
export const storeAccountStatesAsJson: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      do $$
      begin
        alter table account_states
          alter column state type json using state::json,
          alter column state set compression lz4;
      exception when feature_not_supported then
        raise notice 'this PostgreSQL server has no lz4: account states stay compressed with pglz';
        alter table account_states alter column state type json using state::json;
      end
      $$
    `.execute(db);
  },
};

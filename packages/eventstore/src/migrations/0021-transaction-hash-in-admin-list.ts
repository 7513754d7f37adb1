import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The admins' transaction list (the `transactions` read model) shows the transaction hash a member gave with a
 * deposit. Its table belongs to the projection, which creates it with the column; a table the projector created
 * before gets the column here, filled from the deposits' DepositRequested events, so the projector can go on
 * writing rows and old deposits show their hash without a rebuild.
 */
export const addTransactionHashToAdminList: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{ exists: boolean }>`
      select to_regclass('rm_transactions') is not null as exists
    `.execute(db);
    if (!rows[0]?.exists) return;
    await sql`alter table rm_transactions add column if not exists transaction_hash text`.execute(db);
    await sql`
      update rm_transactions t
      set transaction_hash = e.data->>'transactionHash'
      from events e
      where e.type = 'DepositRequested'
        and t.type = 'deposit'
        and t.id = (e.data->>'depositId')::uuid
        and t.transaction_hash is null
        and e.data->>'transactionHash' is not null
    `.execute(db);
  },
};

import type { AnyDatabase } from '@ledgerstone/eventstore';
import { sql } from 'kysely';
import { readModelDatabase, readOrEmpty } from '../read-model-database.js';
import type { TransactionRow } from './transactions.projection.js';

/** The member a deposit or withdrawal belongs to; undefined when the list has no such transaction. */
export async function transactionOwnerOf(
  db: AnyDatabase,
  transaction: Pick<TransactionRow, 'id' | 'type'>,
): Promise<string | undefined> {
  const row = await readOrEmpty(
    () =>
      readModelDatabase(db)
        .selectFrom('rm_transactions')
        .select('user_id')
        .where('id', '=', transaction.id)
        .where('type', '=', transaction.type)
        .executeTakeFirst(),
    undefined,
  );
  return row?.user_id;
}

/**
 * For each deposit of `ids` that gives a transaction hash: how many other deposits, of any member, pending or
 * confirmed, give the same one, as `transaction_hash_key` (migration 0023) reads it. One payment claimed on two
 * deposits would otherwise be confirmed twice.
 */
export async function otherDepositsWithSameHash(
  db: AnyDatabase,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: string; others: string }>`
    select listed.id, (
      select count(*) from rm_transactions other
      where other.type = 'deposit' and other.transaction_hash is not null and other.status <> 'rejected'
        and transaction_hash_key(other.transaction_hash) = transaction_hash_key(listed.transaction_hash)
        and other.id <> listed.id
    ) as others
    from rm_transactions listed
    where listed.id = any(${ids}::uuid[]) and listed.type = 'deposit' and listed.transaction_hash is not null
  `.execute(db);
  return new Map(rows.map((row) => [row.id, Number(row.others)]));
}

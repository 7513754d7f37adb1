import type { AnyDatabase } from '@ledgerstone/eventstore';
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

import type { WriteSideTables } from '@ledgerstone/eventstore';
import type { Kysely, Transaction } from 'kysely';

export type BooksTables = Pick<WriteSideTables, 'closed_periods' | 'liability_proof_nodes'>;
export type BooksDatabase = Kysely<BooksTables>;
export type BooksTransaction = Transaction<BooksTables>;

export function booksDatabase(db: Kysely<unknown>): BooksDatabase {
  return db.withTables<BooksTables>();
}

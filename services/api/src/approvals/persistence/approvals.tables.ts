import type { WriteSideTables } from '@ledgerstone/eventstore';
import type { Kysely, Transaction } from 'kysely';

export type ApprovalTables = Pick<WriteSideTables, 'approvals' | 'users'>;
export type ApprovalsDatabase = Kysely<ApprovalTables>;
export type ApprovalsTransaction = Transaction<ApprovalTables>;

export function approvalsDatabase(db: Kysely<unknown>): ApprovalsDatabase {
  return db.withTables<ApprovalTables>();
}

import { readModels } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import { centsFromString } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { alreadyApplied, applyKeyedRows, type KeyedRows } from '../keyed-rows.js';
import type { RecordedAccountEvent } from '../recorded-events.js';

/** Deposits and withdrawals in one list for the admins. */
export interface TransactionRow {
  id: string;
  type: 'deposit' | 'withdrawal';
  user_id: string;
  status: 'pending' | 'completed' | 'paid' | 'rejected';
  amount: bigint;
  payment_method_id: string;
  /** The deposit's transfer id on its network as the member typed it: unchecked text. */
  transaction_hash: string | null;
  created_at: Date;
  version: number;
}

export const transactionEventTypes = [
  'DepositRequested',
  'DepositConfirmed',
  'DepositRejected',
  'WithdrawalRequested',
  'WithdrawalPaid',
  'WithdrawalRejected',
] as const;
type TransactionEvent = Extract<RecordedAccountEvent, { type: (typeof transactionEventTypes)[number] }>;

function decided(row: TransactionRow | null, event: TransactionEvent, status: TransactionRow['status']) {
  return row && { ...row, status, version: event.streamPosition };
}

export function evolve(row: TransactionRow | null, event: TransactionEvent): TransactionRow | null {
  if (alreadyApplied(row, event)) return row;
  switch (event.type) {
    case 'DepositRequested':
      return {
        id: event.data.depositId,
        type: 'deposit',
        user_id: event.data.userId,
        status: 'pending',
        amount: centsFromString(event.data.amount),
        payment_method_id: event.data.paymentMethodId,
        transaction_hash: event.data.transactionHash,
        created_at: new Date(event.data.requestedAt),
        version: event.streamPosition,
      };
    case 'WithdrawalRequested':
      return {
        id: event.data.withdrawalId,
        type: 'withdrawal',
        user_id: event.data.userId,
        status: 'pending',
        amount: centsFromString(event.data.amount),
        payment_method_id: event.data.paymentMethodId,
        transaction_hash: null,
        created_at: new Date(event.data.requestedAt),
        version: event.streamPosition,
      };
    case 'DepositConfirmed':
      return decided(row, event, 'completed');
    case 'DepositRejected':
    case 'WithdrawalRejected':
      return decided(row, event, 'rejected');
    case 'WithdrawalPaid':
      return decided(row, event, 'paid');
  }
}

function transactionId(event: TransactionEvent): string {
  return 'depositId' in event.data ? event.data.depositId : event.data.withdrawalId;
}

const rows: KeyedRows<TransactionRow, TransactionEvent> = {
  table: 'rm_transactions',
  key: 'id',
  keyOf: transactionId,
  evolve,
};

/**
 * Finds the other deposits that give a hash, for the admin list, by `transaction_hash_key` (migration 0023 creates
 * the function, and this index on tables the projector created before it).
 */
export const DEPOSIT_HASH_INDEX = `
  create index if not exists rm_transactions_deposit_hash on rm_transactions (transaction_hash_key(transaction_hash))
  where type = 'deposit' and transaction_hash is not null
`;

export const transactionsProjection: Projection = {
  name: readModels.transactions,
  eventTypes: transactionEventTypes,
  tables: ['rm_transactions'],
  async createTables(db) {
    await sql`
      create table rm_transactions (
        id uuid primary key,
        type text not null,
        user_id uuid not null,
        status text not null,
        amount bigint not null,
        payment_method_id uuid not null,
        transaction_hash text,
        created_at timestamptz not null,
        version integer not null
      );
      create index rm_transactions_newest on rm_transactions (created_at desc, id);
      create index rm_transactions_type_status on rm_transactions (type, status, created_at desc)
    `.execute(db);
    await sql.raw(DEPOSIT_HASH_INDEX).execute(db);
  },
  apply: (trx, events) => applyKeyedRows(trx, rows, events as TransactionEvent[]),
};

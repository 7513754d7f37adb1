import { readModels } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import { centsFromString, type WithdrawalSource } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { alreadyApplied, applyKeyedRows, type KeyedRows } from '../keyed-rows.js';
import type { RecordedAccountEvent } from '../recorded-events.js';

export interface WithdrawalRow {
  withdrawal_id: string;
  user_id: string;
  amount: bigint;
  source: WithdrawalSource;
  payment_method_id: string;
  status: 'pending' | 'paid' | 'rejected';
  reason: string | null;
  payout_reference: string | null;
  requested_at: Date;
  decided_at: Date | null;
  version: number;
}

export const withdrawalEventTypes = ['WithdrawalRequested', 'WithdrawalPaid', 'WithdrawalRejected'] as const;
type WithdrawalEvent = Extract<RecordedAccountEvent, { type: (typeof withdrawalEventTypes)[number] }>;

export function evolve(row: WithdrawalRow | null, event: WithdrawalEvent): WithdrawalRow | null {
  if (alreadyApplied(row, event)) return row;
  switch (event.type) {
    case 'WithdrawalRequested':
      return {
        withdrawal_id: event.data.withdrawalId,
        user_id: event.data.userId,
        amount: centsFromString(event.data.amount),
        source: event.data.source,
        payment_method_id: event.data.paymentMethodId,
        status: 'pending',
        reason: null,
        payout_reference: null,
        requested_at: new Date(event.data.requestedAt),
        decided_at: null,
        version: event.streamPosition,
      };
    case 'WithdrawalPaid':
      return (
        row && {
          ...row,
          status: 'paid',
          payout_reference: event.data.payoutReference,
          decided_at: new Date(event.data.paidAt),
          version: event.streamPosition,
        }
      );
    case 'WithdrawalRejected':
      return (
        row && {
          ...row,
          status: 'rejected',
          reason: event.data.reason,
          decided_at: new Date(event.data.rejectedAt),
          version: event.streamPosition,
        }
      );
  }
}

const rows: KeyedRows<WithdrawalRow, WithdrawalEvent> = {
  table: 'rm_withdrawals',
  key: 'withdrawal_id',
  keyOf: (event) => event.data.withdrawalId,
  evolve,
};

export const withdrawalsProjection: Projection = {
  name: readModels.withdrawals,
  eventTypes: withdrawalEventTypes,
  tables: ['rm_withdrawals'],
  async createTables(db) {
    await sql`
      create table rm_withdrawals (
        withdrawal_id uuid primary key,
        user_id uuid not null,
        amount bigint not null,
        source text not null,
        payment_method_id uuid not null,
        status text not null,
        reason text,
        payout_reference text,
        requested_at timestamptz not null,
        decided_at timestamptz,
        version integer not null
      );
      create index rm_withdrawals_user on rm_withdrawals (user_id, requested_at desc)
    `.execute(db);
  },
  apply: (trx, events) => applyKeyedRows(trx, rows, events as WithdrawalEvent[]),
};

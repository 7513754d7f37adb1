import { readModels } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import { centsFromString } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { alreadyApplied, applyKeyedRows, type KeyedRows } from '../keyed-rows.js';
import type { RecordedAccountEvent } from '../recorded-events.js';

export interface DepositRow {
  deposit_id: string;
  user_id: string;
  amount: bigint;
  plan_name: string;
  percentage: string;
  payment_method_id: string;
  status: 'pending' | 'completed' | 'rejected';
  reason: string | null;
  requested_at: Date;
  decided_at: Date | null;
  version: number;
}

export const depositEventTypes = ['DepositRequested', 'DepositConfirmed', 'DepositRejected'] as const;
type DepositEvent = Extract<RecordedAccountEvent, { type: (typeof depositEventTypes)[number] }>;

export function evolve(row: DepositRow | null, event: DepositEvent): DepositRow | null {
  if (alreadyApplied(row, event)) return row;
  switch (event.type) {
    case 'DepositRequested':
      return {
        deposit_id: event.data.depositId,
        user_id: event.data.userId,
        amount: centsFromString(event.data.amount),
        plan_name: event.data.planName,
        percentage: event.data.percentage,
        payment_method_id: event.data.paymentMethodId,
        status: 'pending',
        reason: null,
        requested_at: new Date(event.data.requestedAt),
        decided_at: null,
        version: event.streamPosition,
      };
    case 'DepositConfirmed':
      return (
        row && {
          ...row,
          status: 'completed',
          decided_at: new Date(event.data.confirmedAt),
          version: event.streamPosition,
        }
      );
    case 'DepositRejected':
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

const rows: KeyedRows<DepositRow, DepositEvent> = {
  table: 'rm_deposits',
  key: 'deposit_id',
  keyOf: (event) => event.data.depositId,
  evolve,
};

export const depositsProjection: Projection = {
  name: readModels.deposits,
  eventTypes: depositEventTypes,
  tables: ['rm_deposits'],
  async createTables(db) {
    await sql`
      create table rm_deposits (
        deposit_id uuid primary key,
        user_id uuid not null,
        amount bigint not null,
        plan_name text not null,
        percentage text not null,
        payment_method_id uuid not null,
        status text not null,
        reason text,
        requested_at timestamptz not null,
        decided_at timestamptz,
        version integer not null
      );
      create index rm_deposits_user on rm_deposits (user_id, requested_at desc)
    `.execute(db);
  },
  apply: (trx, events) => applyKeyedRows(trx, rows, events as DepositEvent[]),
};

import { readModels } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import { accountEventTypes, centsFromString, type AdjustableBucket } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { applyKeyedRows, type KeyedRows } from '../keyed-rows.js';
import type { RecordedAccountEvent } from '../recorded-events.js';

export interface ActivityRow {
  event_id: string;
  user_id: string;
  type: RecordedAccountEvent['type'];
  /** The event's amount; signed for adjustments. */
  amount: bigint;
  bucket: AdjustableBucket | null;
  reason: string | null;
  occurred_at: Date;
  stream_position: number;
}

/** The event's amount; a maturity shows what it released: principal and profit together. */
function amountOf(event: Exclude<RecordedAccountEvent, { type: 'ProfitAccrued' }>): bigint {
  if (event.type === 'InvestmentMatured') {
    return centsFromString(event.data.principal) + centsFromString(event.data.profit);
  }
  return 'amount' in event.data ? centsFromString(event.data.amount) : 0n;
}

/**
 * One row per event, written once: a second delivery finds the row and leaves it. Daily accruals get no row
 * (one per investment and day would bury the rest); the locked profit and the maturity show them.
 */
export function evolve(row: ActivityRow | null, event: RecordedAccountEvent): ActivityRow | null {
  if (row) return row;
  if (event.type === 'ProfitAccrued') return null;
  const common = {
    event_id: event.id,
    user_id: event.data.userId,
    type: event.type,
    amount: amountOf(event),
    occurred_at: event.recordedAt,
    stream_position: event.streamPosition,
  };
  switch (event.type) {
    case 'BalanceAdjusted':
      return { ...common, bucket: event.data.bucket, reason: event.data.reason };
    case 'DepositRejected':
    case 'WithdrawalRejected':
    case 'AccountLocked':
    case 'AccountUnlocked':
    case 'WithdrawalLimitsSet':
      return { ...common, bucket: null, reason: event.data.reason };
    case 'DepositRequested':
    case 'DepositConfirmed':
    case 'WithdrawalRequested':
    case 'WithdrawalPaid':
    case 'InvestmentMatured':
    case 'PayoutAddressSaved':
    case 'PayoutAddressRemoved':
    case 'SecurityHoldStarted':
      return { ...common, bucket: null, reason: null };
  }
}

const rows: KeyedRows<ActivityRow, RecordedAccountEvent> = {
  table: 'rm_account_activity',
  key: 'event_id',
  keyOf: (event) => (event.type === 'ProfitAccrued' ? null : event.id),
  evolve,
};

export const accountActivityProjection: Projection = {
  name: readModels.accountActivity,
  eventTypes: accountEventTypes,
  tables: ['rm_account_activity'],
  async createTables(db) {
    await sql`
      create table rm_account_activity (
        event_id uuid primary key,
        user_id uuid not null,
        type text not null,
        amount bigint not null,
        bucket text,
        reason text,
        occurred_at timestamptz not null,
        stream_position integer not null
      );
      create index rm_account_activity_user on rm_account_activity (user_id, stream_position desc)
    `.execute(db);
  },
  apply: (trx, events) => applyKeyedRows(trx, rows, events as RecordedAccountEvent[]),
};

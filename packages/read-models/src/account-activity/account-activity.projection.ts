import { readModels } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import {
  accountEventTypes,
  centsFromString,
  isSecurityActivity,
  securityEventTypes,
  type AdjustableBucket,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { applyKeyedRows, type KeyedRows } from '../keyed-rows.js';
import type { RecordedAccountEvent, RecordedIdentityEvent } from '../recorded-events.js';

/** The account's events and the security changes of the user's identity stream. */
type ActivityEvent = RecordedAccountEvent | RecordedIdentityEvent;

export interface ActivityRow {
  event_id: string;
  user_id: string;
  type: ActivityEvent['type'];
  /** The event's amount; signed for adjustments; zero for a security change. */
  amount: bigint;
  bucket: AdjustableBucket | null;
  reason: string | null;
  occurred_at: Date;
  /** The position in the event's own stream (account or identity). */
  stream_position: number;
  /** The position in the log, which orders the two streams' events together. */
  global_position: bigint;
}

const ACCOUNT_EVENT_TYPES: ReadonlySet<string> = new Set(accountEventTypes);

function isAccountEvent(event: ActivityEvent): event is RecordedAccountEvent {
  return ACCOUNT_EVENT_TYPES.has(event.type);
}

/** Which events get a row: the account's but daily accruals, and the security changes of the identity stream. */
function shown(event: ActivityEvent): boolean {
  return isAccountEvent(event) ? event.type !== 'ProfitAccrued' : isSecurityActivity(event);
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
 * (one per investment and day would bury the rest); the locked profit and the maturity show them. A security
 * change is named by its type alone: its data (ids, and an admin's reason meant for staff) stays out.
 */
export function evolve(row: ActivityRow | null, event: ActivityEvent): ActivityRow | null {
  if (row) return row;
  if (!shown(event)) return null;
  const position = {
    event_id: event.id,
    type: event.type,
    occurred_at: event.recordedAt,
    stream_position: event.streamPosition,
    global_position: event.globalPosition,
  };
  if (!isAccountEvent(event)) {
    return { ...position, user_id: event.data.userId, amount: 0n, bucket: null, reason: null };
  }
  if (event.type === 'ProfitAccrued') return null;
  const common = { ...position, user_id: event.data.userId, amount: amountOf(event) };
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

const rows: KeyedRows<ActivityRow, ActivityEvent> = {
  table: 'rm_account_activity',
  key: 'event_id',
  keyOf: (event) => (shown(event) ? event.id : null),
  evolve,
};

export const accountActivityProjection: Projection = {
  name: readModels.accountActivity,
  eventTypes: [...accountEventTypes, ...securityEventTypes],
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
        stream_position integer not null,
        global_position bigint not null
      );
      create index rm_account_activity_user on rm_account_activity (user_id, global_position desc)
    `.execute(db);
  },
  apply: (trx, events) => applyKeyedRows(trx, rows, events as ActivityEvent[]),
};

import { readModels } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import { accountEventTypes, evolveBalances, zeroBalances, type AccountEvent } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { alreadyApplied, applyKeyedRows, type KeyedRows } from '../keyed-rows.js';
import type { RecordedAccountEvent } from '../recorded-events.js';

export interface MemberBalancesRow {
  user_id: string;
  available: bigint;
  invested: bigint;
  profit_locked: bigint;
  profit_unlocked: bigint;
  reserved: bigint;
  total_deposited: bigint;
  total_withdrawn: bigint;
  version: number;
  updated_at: Date;
}

export function evolve(row: MemberBalancesRow | null, event: RecordedAccountEvent): MemberBalancesRow {
  if (row && alreadyApplied(row, event)) return row;
  const before = row
    ? {
        available: row.available,
        invested: row.invested,
        profitLocked: row.profit_locked,
        profitUnlocked: row.profit_unlocked,
        reserved: row.reserved,
        totalDeposited: row.total_deposited,
        totalWithdrawn: row.total_withdrawn,
      }
    : zeroBalances;
  const after = evolveBalances(before, event as AccountEvent);
  return {
    user_id: event.data.userId,
    available: after.available,
    invested: after.invested,
    profit_locked: after.profitLocked,
    profit_unlocked: after.profitUnlocked,
    reserved: after.reserved,
    total_deposited: after.totalDeposited,
    total_withdrawn: after.totalWithdrawn,
    version: event.streamPosition,
    updated_at: event.recordedAt,
  };
}

const rows: KeyedRows<MemberBalancesRow, RecordedAccountEvent> = {
  table: 'rm_member_balances',
  key: 'user_id',
  keyOf: (event) => event.data.userId,
  evolve,
};

export const memberBalancesProjection: Projection = {
  name: readModels.memberBalances,
  eventTypes: accountEventTypes,
  tables: ['rm_member_balances'],
  async createTables(db) {
    await sql`
      create table rm_member_balances (
        user_id uuid primary key,
        available bigint not null,
        invested bigint not null,
        profit_locked bigint not null,
        profit_unlocked bigint not null,
        reserved bigint not null,
        total_deposited bigint not null,
        total_withdrawn bigint not null,
        version integer not null,
        updated_at timestamptz not null
      )
    `.execute(db);
  },
  apply: (trx, events) => applyKeyedRows(trx, rows, events as RecordedAccountEvent[]),
};

import { readModels } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import { sql } from 'kysely';
import { alreadyApplied, applyKeyedRows, type KeyedRows } from '../keyed-rows.js';
import type { RecordedIdentityEvent } from '../recorded-events.js';

/** Who referred whom; names stay in `users` and are read at query time, so a closed account shows none. */
export interface ReferralRow {
  user_id: string;
  referrer_id: string;
  created_at: Date;
  verified: boolean;
  version: number;
}

export const referralEventTypes = ['UserRegistered', 'UserVerified'] as const;
type ReferralEvent = Extract<RecordedIdentityEvent, { type: (typeof referralEventTypes)[number] }>;

export function evolve(row: ReferralRow | null, event: ReferralEvent): ReferralRow | null {
  if (alreadyApplied(row, event)) return row;
  switch (event.type) {
    case 'UserRegistered':
      if (event.data.referredBy === null) return null;
      return {
        user_id: event.data.userId,
        referrer_id: event.data.referredBy,
        created_at: event.recordedAt,
        verified: false,
        version: event.streamPosition,
      };
    case 'UserVerified':
      return row && { ...row, verified: true, version: event.streamPosition };
  }
}

const rows: KeyedRows<ReferralRow, ReferralEvent> = {
  table: 'rm_referrals',
  key: 'user_id',
  keyOf: (event) => event.data.userId,
  evolve,
};

export const referralsProjection: Projection = {
  name: readModels.referrals,
  eventTypes: referralEventTypes,
  tables: ['rm_referrals'],
  async createTables(db) {
    await sql`
      create table rm_referrals (
        user_id uuid primary key,
        referrer_id uuid not null,
        created_at timestamptz not null,
        verified boolean not null,
        version integer not null
      );
      create index rm_referrals_referrer on rm_referrals (referrer_id, created_at desc)
    `.execute(db);
  },
  apply: (trx, events) => applyKeyedRows(trx, rows, events as ReferralEvent[]),
};

import { readModels } from '@ledgerstone/contracts';
import { comparePositions, positionOf, type Projection } from '@ledgerstone/eventstore';
import { accountEventTypes, centsFromString } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type { RecordedAccountEvent, RecordedIdentityEvent } from '../recorded-events.js';

export interface AdminTotalsRow {
  users: number;
  active_users: number;
  total_deposits: bigint;
  pending_deposits_count: number;
  pending_deposits_sum: bigint;
  total_withdrawals: bigint;
  pending_withdrawals_count: number;
  pending_withdrawals_sum: bigint;
  /** The log position of the last event counted: the totals have no per-row version to guard them. */
  last_transaction_id: bigint;
  last_global_position: bigint;
}

/** What the totals need to remember of each member to count active users. */
export interface MemberStateRow {
  user_id: string;
  verified: boolean;
  closed: boolean;
}

export const zeroTotals: AdminTotalsRow = {
  users: 0,
  active_users: 0,
  total_deposits: 0n,
  pending_deposits_count: 0,
  pending_deposits_sum: 0n,
  total_withdrawals: 0n,
  pending_withdrawals_count: 0,
  pending_withdrawals_sum: 0n,
  last_transaction_id: 0n,
  last_global_position: 0n,
};

const identityEventTypes = ['UserRegistered', 'UserVerified', 'AccountClosed'] as const;
type TotalsIdentityEvent = Extract<RecordedIdentityEvent, { type: (typeof identityEventTypes)[number] }>;
export type AdminTotalsEvent = RecordedAccountEvent | TotalsIdentityEvent;

export interface AdminTotalsState {
  totals: AdminTotalsRow;
  /** The state of the member the event names, for identity events; null when not a member. */
  member: MemberStateRow | null;
}

function isActive(member: MemberStateRow | null): boolean {
  return member !== null && member.verified && !member.closed;
}

function counted(state: AdminTotalsState, event: AdminTotalsEvent): AdminTotalsState {
  const { totals, member } = state;
  switch (event.type) {
    case 'UserRegistered':
      if (event.data.role !== 'member' || member) return state;
      return {
        totals: { ...totals, users: totals.users + 1 },
        member: { user_id: event.data.userId, verified: false, closed: false },
      };
    case 'UserVerified': {
      if (!member || member.verified) return state;
      const verified = { ...member, verified: true };
      const gained = Number(isActive(verified)) - Number(isActive(member));
      return { totals: { ...totals, active_users: totals.active_users + gained }, member: verified };
    }
    case 'AccountClosed': {
      if (!member || member.closed) return state;
      const closed = { ...member, closed: true };
      const lost = Number(isActive(member)) - Number(isActive(closed));
      return {
        totals: { ...totals, users: totals.users - 1, active_users: totals.active_users - lost },
        member: closed,
      };
    }
    case 'DepositRequested': {
      const amount = centsFromString(event.data.amount);
      return {
        member,
        totals: {
          ...totals,
          pending_deposits_count: totals.pending_deposits_count + 1,
          pending_deposits_sum: totals.pending_deposits_sum + amount,
        },
      };
    }
    case 'DepositConfirmed':
    case 'DepositRejected': {
      const amount = centsFromString(event.data.amount);
      const confirmed = event.type === 'DepositConfirmed' ? amount : 0n;
      return {
        member,
        totals: {
          ...totals,
          total_deposits: totals.total_deposits + confirmed,
          pending_deposits_count: totals.pending_deposits_count - 1,
          pending_deposits_sum: totals.pending_deposits_sum - amount,
        },
      };
    }
    case 'WithdrawalRequested': {
      const amount = centsFromString(event.data.amount);
      return {
        member,
        totals: {
          ...totals,
          pending_withdrawals_count: totals.pending_withdrawals_count + 1,
          pending_withdrawals_sum: totals.pending_withdrawals_sum + amount,
        },
      };
    }
    case 'WithdrawalPaid':
    case 'WithdrawalRejected': {
      const amount = centsFromString(event.data.amount);
      const paid = event.type === 'WithdrawalPaid' ? amount : 0n;
      return {
        member,
        totals: {
          ...totals,
          total_withdrawals: totals.total_withdrawals + paid,
          pending_withdrawals_count: totals.pending_withdrawals_count - 1,
          pending_withdrawals_sum: totals.pending_withdrawals_sum - amount,
        },
      };
    }
    case 'BalanceAdjusted':
    case 'ProfitAccrued':
    case 'InvestmentMatured':
    case 'PayoutAddressSaved':
    case 'PayoutAddressRemoved':
    case 'SecurityHoldStarted':
    case 'AccountLocked':
    case 'AccountUnlocked':
    case 'WithdrawalLimitsSet':
      return state;
  }
}

/** Counts the event once: an event at or before the last counted position is a second delivery. */
export function evolve(state: AdminTotalsState, event: AdminTotalsEvent): AdminTotalsState {
  const last = {
    transactionId: state.totals.last_transaction_id,
    globalPosition: state.totals.last_global_position,
  };
  const position = positionOf(event);
  if (comparePositions(position, last) <= 0) return state;
  const next = counted(state, event);
  return {
    member: next.member,
    totals: {
      ...next.totals,
      last_transaction_id: position.transactionId,
      last_global_position: position.globalPosition,
    },
  };
}

function isIdentityEvent(event: AdminTotalsEvent): event is TotalsIdentityEvent {
  return (identityEventTypes as readonly string[]).includes(event.type);
}

export const adminTotalsProjection: Projection = {
  name: readModels.adminTotals,
  eventTypes: [...identityEventTypes, ...accountEventTypes],
  tables: ['rm_admin_totals', 'rm_admin_member_states'],
  async createTables(db) {
    await sql`
      create table rm_admin_totals (
        id smallint primary key check (id = 1),
        users integer not null,
        active_users integer not null,
        total_deposits bigint not null,
        pending_deposits_count integer not null,
        pending_deposits_sum bigint not null,
        total_withdrawals bigint not null,
        pending_withdrawals_count integer not null,
        pending_withdrawals_sum bigint not null,
        last_transaction_id bigint not null,
        last_global_position bigint not null
      );
      create table rm_admin_member_states (
        user_id uuid primary key,
        verified boolean not null,
        closed boolean not null
      )
    `.execute(db);
  },
  async apply(trx, recorded) {
    const events = recorded as AdminTotalsEvent[];
    const stored = (await trx
      .selectFrom('rm_admin_totals')
      .selectAll()
      .where('id', '=', 1)
      .executeTakeFirst()) as (AdminTotalsRow & { id: number }) | undefined;
    const memberIds = [...new Set(events.filter(isIdentityEvent).map((event) => event.data.userId))];
    const members = new Map<string, MemberStateRow>();
    if (memberIds.length > 0) {
      const found = (await trx
        .selectFrom('rm_admin_member_states')
        .selectAll()
        .where('user_id', 'in', memberIds)
        .execute()) as MemberStateRow[];
      for (const member of found) members.set(member.user_id, member);
    }
    let totals: AdminTotalsRow = stored ? { ...zeroTotals, ...withoutId(stored) } : zeroTotals;
    const changedMembers = new Set<string>();
    for (const event of events) {
      const userId = isIdentityEvent(event) ? event.data.userId : null;
      const before = userId ? (members.get(userId) ?? null) : null;
      const next = evolve({ totals, member: before }, event);
      totals = next.totals;
      if (userId && next.member && next.member !== before) {
        members.set(userId, next.member);
        changedMembers.add(userId);
      }
    }
    await trx
      .insertInto('rm_admin_totals')
      .values({ id: 1, ...totals })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(totals))
      .execute();
    if (changedMembers.size > 0) {
      await trx
        .insertInto('rm_admin_member_states')
        .values([...changedMembers].map((id) => members.get(id)!))
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet((update) => ({
            verified: update.ref('excluded.verified'),
            closed: update.ref('excluded.closed'),
          })),
        )
        .execute();
    }
  },
};

function withoutId(row: AdminTotalsRow & { id: number }): AdminTotalsRow {
  const { id: _id, ...totals } = row;
  return totals;
}

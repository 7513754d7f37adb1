import { readModels } from '@ledgerstone/contracts';
import type { Projection } from '@ledgerstone/eventstore';
import {
  accountEventTypes,
  emptyMemberBooks,
  evolveMemberBooks,
  journalEntry,
  type MemberBooks,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type { RecordedAccountEvent } from '../recorded-events.js';

/** One line of the double-entry journal: the event that posted it and the account it moved. */
export interface JournalLineRow {
  event_id: string;
  /** The line's place in its entry, from 1. */
  line: number;
  global_position: bigint;
  stream_id: string;
  account: string;
  debit: bigint;
  credit: bigint;
  /** When the event was recorded: a trial balance as of a moment sums the lines up to it. */
  occurred_at: Date;
}

/** What the journal remembers of one member between events, and the stream position it reflects. */
export interface JournalMemberRow extends MemberBooks {
  user_id: string;
  version: number;
}

export interface JournalStep {
  member: JournalMemberRow;
  lines: JournalLineRow[];
}

/**
 * Posts one event: its entry's lines and the member's books after it; null for an event the member's row
 * already reflects (a batch delivered again), so nothing is posted twice.
 */
export function evolve(member: JournalMemberRow | null, event: RecordedAccountEvent): JournalStep | null {
  if (member && event.streamPosition <= member.version) return null;
  const before: MemberBooks = member ?? emptyMemberBooks;
  const { deposits, withdrawals } = evolveMemberBooks(before, event);
  const lines = journalEntry(event, before).lines.map((line, index) => ({
    event_id: event.id,
    line: index + 1,
    global_position: event.globalPosition,
    stream_id: event.streamId,
    account: line.account,
    debit: line.debit,
    credit: line.credit,
    occurred_at: event.recordedAt,
  }));
  return {
    member: { user_id: event.data.userId, version: event.streamPosition, deposits, withdrawals },
    lines,
  };
}

export const journalProjection: Projection = {
  name: readModels.journal,
  eventTypes: accountEventTypes,
  tables: ['rm_journal_lines', 'rm_journal_members'],
  async createTables(db) {
    await sql`
      create table rm_journal_lines (
        event_id uuid not null,
        line smallint not null,
        global_position bigint not null,
        stream_id text not null,
        account text not null,
        debit bigint not null check (debit >= 0),
        credit bigint not null check (credit >= 0),
        occurred_at timestamptz not null,
        primary key (event_id, line)
      );
      create index rm_journal_lines_by_time on rm_journal_lines (occurred_at, account);
      create table rm_journal_members (
        user_id uuid primary key,
        version integer not null,
        deposits jsonb not null,
        withdrawals jsonb not null
      )
    `.execute(db);
  },
  async apply(trx, recorded) {
    const events = recorded as RecordedAccountEvent[];
    const userIds = [...new Set(events.map((event) => event.data.userId))];
    if (userIds.length === 0) return;
    const found = (await trx
      .selectFrom('rm_journal_members')
      .selectAll()
      .where('user_id', 'in', userIds)
      .execute()) as JournalMemberRow[];
    const members = new Map(found.map((row) => [row.user_id, row]));
    const changed = new Set<string>();
    const lines: JournalLineRow[] = [];
    for (const event of events) {
      const step = evolve(members.get(event.data.userId) ?? null, event);
      if (!step) continue;
      members.set(step.member.user_id, step.member);
      changed.add(step.member.user_id);
      lines.push(...step.lines);
    }
    // Thousands of lines per batch: written in slices to stay below PostgreSQL's parameter limit.
    for (let start = 0; start < lines.length; start += 5_000) {
      await trx
        .insertInto('rm_journal_lines')
        .values(lines.slice(start, start + 5_000))
        .onConflict((conflict) => conflict.columns(['event_id', 'line']).doNothing())
        .execute();
    }
    if (changed.size === 0) return;
    const rows = [...changed].map((userId) => {
      const member = members.get(userId)!;
      return {
        user_id: member.user_id,
        version: member.version,
        deposits: JSON.stringify(member.deposits),
        withdrawals: JSON.stringify(member.withdrawals),
      };
    });
    await trx
      .insertInto('rm_journal_members')
      .values(rows)
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet((update) => ({
          version: update.ref('excluded.version'),
          deposits: update.ref('excluded.deposits'),
          withdrawals: update.ref('excluded.withdrawals'),
        })),
      )
      .execute();
  },
};

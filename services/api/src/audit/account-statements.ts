import { Inject, Injectable } from '@nestjs/common';
import type { AccountBalances, AccountStatement, StatementLine } from '@ledgerstone/contracts';
import { EventStore } from '@ledgerstone/eventstore';
import {
  accountStreamId,
  formatCents,
  recordedBy,
  statementLines,
  zeroStatementBalances,
  type StatementBalances,
  type StatementLine as LedgerStatementLine,
} from '@ledgerstone/ledger';
import type { RecordedAccountEvent } from '@ledgerstone/read-models';
import { CLOCK, type Clock } from '../shared/clock/clock.js';
import { DATABASE, type Database } from '../shared/infrastructure/infrastructure.tokens.js';
import { assertMember } from '../accounts/index.js';

export function apiBalances(balances: StatementBalances): AccountBalances {
  return {
    available: formatCents(balances.available),
    invested: formatCents(balances.invested),
    profit_locked: formatCents(balances.profitLocked),
    profit_unlocked: formatCents(balances.profitUnlocked),
    reserved: formatCents(balances.reserved),
    total: formatCents(balances.total),
  };
}

function apiLine(line: LedgerStatementLine<RecordedAccountEvent>): StatementLine {
  const { event } = line;
  return {
    id: event.id,
    position: event.streamPosition,
    type: event.type,
    amount: formatCents(line.amount),
    change: formatCents(line.change),
    bucket: line.bucket,
    reason: line.reason,
    actor_role: event.metadata.actorRole ?? null,
    recorded_at: event.recordedAt.toISOString(),
    hash: event.hash,
    balances: apiBalances(line.balances),
  };
}

/**
 * Members' statements, read from the event store itself so that they never wait for or trust a projection:
 * the hash of the last event included lets anyone check later that nothing up to it has changed.
 */
@Injectable()
export class AccountStatements {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly store: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Refuses an id that is not a member's, as staff routes name members by id. */
  assertMember(userId: string): Promise<void> {
    return assertMember(this.database, userId);
  }

  /** The account's events recorded up to `asOf` inclusive (every event when absent), oldest first. */
  async statement(userId: string, asOf: Date | undefined): Promise<AccountStatement> {
    const recorded = (await this.store.readStream(accountStreamId(userId))) as RecordedAccountEvent[];
    const lines = statementLines(asOf ? recordedBy(recorded, asOf) : recorded);
    const last = lines.at(-1);
    return {
      user_id: userId,
      as_of: (asOf ?? this.now(last?.event.recordedAt)).toISOString(),
      events: lines.length,
      head_hash: last?.event.hash ?? null,
      balances: apiBalances(last?.balances ?? zeroStatementBalances),
      lines: lines.map(apiLine),
    };
  }

  /** A statement of everything is as of now, and never before its own last line, whatever the clock says. */
  private now(lastRecordedAt: Date | undefined): Date {
    const now = this.clock.now();
    return lastRecordedAt && lastRecordedAt > now ? lastRecordedAt : now;
  }
}

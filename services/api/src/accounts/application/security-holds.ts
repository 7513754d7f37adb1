import { Inject, Injectable } from '@nestjs/common';
import type { EventMetadata } from '@ledgerstone/eventstore';
import {
  securityHoldCommands,
  securityHoldEventTypes,
  userStreamId,
  type RecordedSecurityChange,
  type StartSecurityHold,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { accountsDatabase } from '../persistence/accounts.tables.js';
import { AccountCommands } from './account-commands.js';

/**
 * Withdrawals pause after a change to the account's security. The change is an identity event; its hold is an
 * account event, appended right after the change commits and, should that step be lost (a crash in between),
 * again before any withdrawal is decided: the hold is derived from the identity log, so nothing can skip it.
 */
@Injectable()
export class SecurityHolds {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly accounts: AccountCommands,
  ) {}

  /**
   * A hold command for each security change of the member recorded within the hold's length, starting at `now`:
   * the decider starts none for a change it held for already. The window is the database's own time, the time
   * the events were recorded in; a hold starts on the api's clock, like every time a command carries. (A
   * withdrawal reads the same changes with its locked account: AccountCommandRequest's `securityHolds`.)
   */
  private async holdsFor(userId: string, now: Date): Promise<StartSecurityHold[]> {
    const holdHours = this.config.withdrawalProtection.holdHours;
    if (holdHours === 0) return [];
    const { rows } = await sql<RecordedSecurityChange>`
      select type, data, stream_position as "streamPosition" from events
      where stream_id = ${userStreamId(userId)} and type = any(${[...securityHoldEventTypes]}::text[])
        and recorded_at > now() - make_interval(hours => ${holdHours})
      order by stream_position
    `.execute(this.db);
    return securityHoldCommands(userId, rows, holdHours, now);
  }

  /** Appends the holds the member's recent security changes call for and the account does not have yet. */
  async catchUp(userId: string, metadata: EventMetadata, now: Date): Promise<void> {
    // Staff have no money to hold: their security changes start no account.
    const user = await accountsDatabase(this.db)
      .selectFrom('users')
      .select('role')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user?.role !== 'member') return;
    const holds = await this.holdsFor(userId, now);
    if (holds.length > 0) await this.append(userId, holds, metadata);
  }

  /** The holds decided and appended; one already held for appends nothing. */
  async append(userId: string, holds: StartSecurityHold[], metadata: EventMetadata): Promise<void> {
    await this.accounts.execute({
      userId,
      commandType: 'StartSecurityHold',
      metadata,
      commands: () => holds,
      result: () => null,
    });
  }
}

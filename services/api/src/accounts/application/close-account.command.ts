import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IdentityEvent } from '@ledgerstone/ledger';
import { z } from 'zod';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { closeMember, IdentityEventLog, UserNotFoundError } from '../../identity/index.js';
import type { IdentityTransaction } from '../../identity/index.js';
import type { Actor } from '../../shared/auth/actor.js';
import { SessionStore } from '../../identity/index.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { erasePayoutWallets } from '../persistence/payout-wallets.tables.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';

const uuid = z.guid();

/**
 * "Delete user" closes the account: no more logins, its sessions end, and the personal data is erased from
 * the profile and the payout records. The money's event history stays, keyed by the user id alone.
 */
export class CloseAccountCommand extends Command<void> {
  constructor(
    readonly admin: Actor,
    readonly userId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CloseAccountCommand)
export class CloseAccountHandler implements ICommandHandler<CloseAccountCommand> {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly sessions: SessionStore,
    private readonly events: IdentityEventLog,
  ) {
    this.db = accountsDatabase(database);
  }

  async execute({ admin, userId, context }: CloseAccountCommand): Promise<void> {
    if (!uuid.safeParse(userId).success) throw new UserNotFoundError('other');
    const closed = await this.db.transaction().execute(async (trx) => {
      const identityTrx = trx as unknown as IdentityTransaction;
      const now = this.clock.now();
      const outcome = await closeMember(identityTrx, userId, now);
      if (outcome === 'not-found') throw new UserNotFoundError('other');
      if (outcome === 'already-closed') return false;
      await trx
        .updateTable('withdrawal_destinations')
        .set({ wallet_address: null })
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('deposit_proofs')
        .set({ original_name: null })
        .where('user_id', '=', userId)
        .execute();
      await erasePayoutWallets(trx, userId);
      const ended = await this.sessions.endAllOf(identityTrx, userId, 'account-closed', now);
      const events: [IdentityEvent, ...IdentityEvent[]] = [
        { type: 'AccountClosed', data: { userId } },
        ...ended.map((sessionId): IdentityEvent => ({
          type: 'SessionEnded',
          data: { userId, sessionId, reason: 'account-closed' },
        })),
      ];
      await this.events.record(identityTrx, userId, events, {
        actorId: admin.userId,
        actorRole: admin.role,
        requestId: context.requestId,
      });
      return true;
    });
    if (closed) this.events.committed();
  }
}

import { Inject, NotFoundException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages } from '@ledgerstone/contracts';
import type { IdentityEvent } from '@ledgerstone/ledger';
import { z } from 'zod';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { IdentityEventLog } from '../../identity/index.js';
import type { IdentityTransaction } from '../../identity/index.js';
import type { Actor } from '../../shared/auth/actor.js';
import { SessionStore } from '../../identity/index.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { erasePayoutWallets } from '../../wallets/index.js';
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
    if (!uuid.safeParse(userId).success) throw new NotFoundException(accountMessages.userNotFound);
    const closed = await this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select('status')
        .where('id', '=', userId)
        .where('role', '=', 'member')
        .forUpdate()
        .executeTakeFirst();
      if (!user) throw new NotFoundException(accountMessages.userNotFound);
      if (user.status === 'closed') return false;
      const now = this.clock.now();
      await trx
        .updateTable('users')
        .set({ status: 'closed', closed_at: now, email: null, first_name: '', last_name: '', phone: null })
        .where('id', '=', userId)
        .execute();
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
      const identityTrx = trx as unknown as IdentityTransaction;
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

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IdentityEvent } from '@ledgerstone/ledger';
import { z } from 'zod';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { UserNotFoundError } from '../domain/identity.errors.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { SessionStore } from '../persistence/session-store.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { findUser } from '../persistence/users.js';
import { decide, SecurityChanges } from './security-changes.js';

const userIdFormat = z.guid();

/**
 * Admin-assisted recovery for a user who has lost every factor: an admin removes the app, every passkey and the
 * recovery codes, ends the user's sessions and waiting logins, and records why. Recorded through
 * SecurityChanges like every other security change, so the user is mailed and the change is on their stream.
 */
export class ResetSecondFactors extends Command<void> {
  constructor(
    readonly admin: Actor,
    readonly userId: string,
    readonly reason: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ResetSecondFactors)
export class ResetSecondFactorsHandler implements ICommandHandler<ResetSecondFactors> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly security: SecurityChanges,
    private readonly store: TwoFactorStore,
    private readonly sessions: SessionStore,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ admin, userId, reason, context }: ResetSecondFactors): Promise<void> {
    if (!userIdFormat.safeParse(userId).success) throw new UserNotFoundError('other');
    const now = this.clock.now();
    const { mails, events } = await this.db.transaction().execute(async (trx) => {
      const state = await this.store.state(trx, userId, { lock: true });
      const user = await findUser(trx, userId);
      if (!user || user.status === 'closed') throw new UserNotFoundError('other');
      const reset = decide(
        { type: 'ResetSecondFactors', data: { userId, adminId: admin.userId, reason, at: now } },
        state,
      );
      await this.store.removeAllFactors(trx, userId);
      await this.store.endPendingLogins(trx, userId, now);
      const ended = await this.sessions.endAllOf(trx, userId, 'second-factors-reset', now);
      const events: IdentityEvent[] = [
        ...reset,
        ...ended.map((sessionId): IdentityEvent => ({
          type: 'SessionEnded',
          data: { userId, sessionId, reason: 'second-factors-reset' },
        })),
      ];
      const mails = await this.security.record(trx, user, events, {
        audience: user.role === 'member' ? 'member' : 'admin',
        context,
        now,
        actor: { userId: admin.userId, role: admin.role },
      });
      return { mails, events };
    });
    await this.security.afterCommit(mails, { userId, events, actor: admin, context });
  }
}

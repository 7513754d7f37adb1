import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IdentityEvent } from '@ledgerstone/ledger';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { identityErrors } from '../domain/identity.errors.js';
import { SessionStore } from '../persistence/session-store.js';
import { SecurityChanges } from './security-changes.js';

/**
 * Signs out sessions of the user's own from the security screen: one (`sessionId`), or every other one
 * (`sessionId` undefined). The current session ends with Log out instead. Returns how many ended.
 */
export class SignOutSessions extends Command<number> {
  constructor(
    readonly actor: Actor,
    readonly sessionId: string | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SignOutSessions)
export class SignOutSessionsHandler implements ICommandHandler<SignOutSessions> {
  constructor(
    private readonly security: SecurityChanges,
    private readonly sessions: SessionStore,
  ) {}

  execute({ actor, sessionId, context }: SignOutSessions): Promise<number> {
    if (sessionId === actor.sessionId) throw identityErrors.useLogoutForCurrent();
    return this.security.run(actor, context, async (trx, _state, user, now) => {
      let ended: string[];
      if (sessionId === undefined) {
        ended = await this.sessions.endAllOf(trx, user.id, 'signed-out-elsewhere', now, actor.sessionId);
      } else {
        if (!(await this.sessions.endOwn(trx, user.id, sessionId, 'signed-out-elsewhere', now))) {
          throw identityErrors.sessionNotFound();
        }
        ended = [sessionId];
      }
      const events = ended.map((id): IdentityEvent => ({
        type: 'SessionEnded',
        data: { userId: user.id, sessionId: id, reason: 'signed-out-elsewhere' },
      }));
      return { events, result: ended.length };
    });
  }
}

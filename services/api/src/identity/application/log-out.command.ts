import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionAudience } from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { SessionStore } from '../persistence/session-store.js';
import { findUser } from '../persistence/users.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

/** Ends the session the cookie names, if it is still open; logging out twice is no error. */
export class LogOut extends Command<void> {
  constructor(
    readonly audience: SessionAudience,
    readonly token: unknown,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(LogOut)
export class LogOutHandler implements ICommandHandler<LogOut> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly sessions: SessionStore,
    private readonly events: IdentityEventLog,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ audience, token, context }: LogOut): Promise<void> {
    const ended = await this.db.transaction().execute(async (trx) => {
      const session = await this.sessions.findOpen(trx, token, audience);
      if (!session) return false;
      const user = await findUser(trx, session.userId);
      await this.sessions.end(trx, session.sessionId, 'logout', this.clock.now());
      await this.events.record(
        trx,
        session.userId,
        [
          {
            type: 'SessionEnded',
            data: { userId: session.userId, sessionId: session.sessionId, reason: 'logout' },
          },
        ],
        { actorId: session.userId, actorRole: user?.role ?? audience, requestId: context.requestId },
      );
      return true;
    });
    if (ended) this.events.committed();
  }
}

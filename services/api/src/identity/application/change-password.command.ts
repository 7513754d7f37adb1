import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IdentityEvent } from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { newPasswordProblem } from '../../shared/auth/password-policy.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import type { Actor } from '../../shared/auth/actor.js';
import { spendResetLinks } from '../persistence/reset-links.js';
import { SessionStore } from '../persistence/session-store.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { findUser } from '../persistence/users.js';
import { identityErrors } from '../domain/identity.errors.js';
import { IdentityMail } from './identity-mail.js';
import { PasswordHasher } from './password-hasher.js';
import { SecurityChangeCommitted } from './security-change-committed.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

/** A signed-in user changes their password: every other session of theirs ends, and a notice is mailed. */
export class ChangePassword extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly passwords: { currentPassword: string; newPassword: string },
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rateLimits: RateLimits,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly twoFactor: TwoFactorStore,
    private readonly events: IdentityEventLog,
    private readonly mail: IdentityMail,
    private readonly commandBus: CommandBus,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ actor, passwords, context }: ChangePassword): Promise<void> {
    if (newPasswordProblem(passwords.newPassword)) throw identityErrors.commonPassword('new_password');
    // Counted before the current password is checked: a stolen session cannot guess it at will.
    await this.rateLimits.passwordChangeAttempt(actor.userId);
    const user = await findUser(this.db, actor.userId);
    if (!user?.email || !(await this.hasher.verify(user.password_hash, passwords.currentPassword))) {
      throw identityErrors.currentPasswordWrong();
    }
    await this.rateLimits.passwordChangeSucceeded(actor.userId);
    const passwordHash = await this.hasher.hash(passwords.newPassword);
    const now = this.clock.now();

    const email = user.email;
    const mail = await this.db.transaction().execute(async (trx) => {
      // Only from the password just checked: of two changes sent at once, the later finds it changed, as it is.
      const changed = await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', user.id)
        .where('password_hash', '=', user.password_hash)
        .executeTakeFirst();
      if (changed.numUpdatedRows !== 1n) throw identityErrors.currentPasswordWrong();
      const ended = await this.sessions.endAllOf(trx, user.id, 'password-changed', now, actor.sessionId);
      // Neither a reset link mailed before nor a second step begun with the old password outlives it.
      await spendResetLinks(trx, user.id, now);
      await this.twoFactor.endPendingLogins(trx, user.id, now);
      const events: [IdentityEvent, ...IdentityEvent[]] = [
        { type: 'PasswordChanged', data: { userId: user.id, method: 'change' } },
        ...ended.map((sessionId): IdentityEvent => ({
          type: 'SessionEnded',
          data: { userId: user.id, sessionId, reason: 'password-changed' },
        })),
      ];
      const [changedEventId] = await this.events.record(trx, user.id, events, {
        actorId: actor.userId,
        actorRole: actor.role,
        requestId: context.requestId,
      });
      return this.mail.passwordChanged(trx, email, user.first_name, now, actor.audience, {
        eventId: changedEventId,
        eventType: 'PasswordChanged',
        requestId: context.requestId,
      });
    });
    this.events.committed();
    await this.commandBus.execute(new SecurityChangeCommitted(user.id, actor, context));
    await this.mail.enqueue(mail);
  }
}

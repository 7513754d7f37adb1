import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IdentityEvent, SessionAudience } from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { newPasswordProblem } from '../../shared/auth/password-policy.js';
import { tokenHash } from '../domain/secrets.js';
import { spendResetLinks } from '../persistence/reset-links.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import {
  identityDatabase,
  type IdentityDatabase,
  type IdentityTransaction,
} from '../persistence/identity.tables.js';
import { SessionStore } from '../persistence/session-store.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { identityErrors } from '../domain/identity.errors.js';
import { IdentityMail } from './identity-mail.js';
import { SecurityChangeCommitted } from './security-change-committed.js';
import { PasswordHasher } from './password-hasher.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

/**
 * Sets a new password through an e-mailed link: the link is spent, every session of the user ends and so does
 * every login waiting for its second step.
 */
export class ResetPassword extends Command<void> {
  constructor(
    readonly audience: SessionAudience,
    readonly token: string,
    readonly password: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly twoFactor: TwoFactorStore,
    private readonly events: IdentityEventLog,
    private readonly mail: IdentityMail,
    private readonly commandBus: CommandBus,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ audience, token, password, context }: ResetPassword): Promise<void> {
    const hash = tokenHash(token);
    // Checked before hashing, so requests with made-up links cost no hashing time.
    if (!(await this.openResetLink(this.db, hash, audience))) throw identityErrors.resetLinkInvalid();
    if (newPasswordProblem(password)) throw identityErrors.commonPassword('password');
    const passwordHash = await this.hasher.hash(password);

    const reset = await this.db.transaction().execute(async (trx) => {
      const link = await this.openResetLink(trx, hash, audience, true);
      if (!link) return undefined;
      const now = this.clock.now();
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', link.userId)
        .execute();
      await spendResetLinks(trx, link.userId, now);
      const ended = await this.sessions.endAllOf(trx, link.userId, 'password-reset', now);
      // A second step begun with the old password must not finish after it changed.
      await this.twoFactor.endPendingLogins(trx, link.userId, now);
      const events: [IdentityEvent, ...IdentityEvent[]] = [
        { type: 'PasswordChanged', data: { userId: link.userId, method: 'reset' } },
        ...ended.map((sessionId): IdentityEvent => ({
          type: 'SessionEnded',
          data: { userId: link.userId, sessionId, reason: 'password-reset' },
        })),
      ];
      const [changedEventId] = await this.events.record(trx, link.userId, events, {
        actorId: link.userId,
        actorRole: link.role,
        requestId: context.requestId,
      });
      const mail = await this.mail.passwordChanged(trx, link.email, link.firstName, now, audience, {
        eventId: changedEventId,
        eventType: 'PasswordChanged',
        requestId: context.requestId,
      });
      return { mail, user: { userId: link.userId, role: link.role } };
    });
    if (!reset) throw identityErrors.resetLinkInvalid();
    this.events.committed();
    await this.commandBus.execute(new SecurityChangeCommitted(reset.user.userId, reset.user, context));
    await this.mail.enqueue(reset.mail);
  }

  /** The unspent, unexpired link's account, if it is open. */
  private openResetLink(
    db: IdentityDatabase | IdentityTransaction,
    hash: Buffer,
    audience: SessionAudience,
    lock = false,
  ) {
    const query = db
      .selectFrom('password_reset_tokens')
      .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
      .select(['users.id as userId', 'users.role', 'users.email', 'users.first_name as firstName'])
      .where('password_reset_tokens.token_hash', '=', hash)
      .where('password_reset_tokens.audience', '=', audience)
      .where('password_reset_tokens.consumed_at', 'is', null)
      .where('password_reset_tokens.expires_at', '>', this.clock.now())
      .where('users.status', '!=', 'closed')
      .$narrowType<{ email: string }>();
    return (lock ? query.forUpdate('password_reset_tokens') : query).executeTakeFirst();
  }
}

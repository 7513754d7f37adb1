import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionAudience } from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { TooManyAttempts } from '../../shared/rate-limits/too-many-attempts.error.js';
import { newVerificationCode } from '../domain/secrets.js';
import { issueVerificationTicket, type VerificationTicket } from '../domain/verification-ticket.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { SessionStore, type StartedSession } from '../persistence/session-store.js';
import { findUserByEmail, storeVerificationCode, type User } from '../persistence/users.js';
import { identityErrors } from './identity.errors.js';
import { IdentityMail } from './identity-mail.js';
import { PasswordHasher } from './password-hasher.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

export type LoginOutcome =
  | { kind: 'signed-in'; session: StartedSession; persistent: boolean }
  /** Right credentials, unverified account: a fresh code is on its way and the ticket ties the verify call to it. */
  | { kind: 'verification-required'; ticket: VerificationTicket };

/** Signs in at the pages of `audience`; only the roles of that audience can. */
export class LogIn extends Command<LoginOutcome> {
  constructor(
    readonly audience: SessionAudience,
    readonly credentials: { email: string; password: string; rememberMe: boolean },
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly rateLimits: RateLimits,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionStore,
    private readonly events: IdentityEventLog,
    private readonly mail: IdentityMail,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ audience, credentials, context }: LogIn): Promise<LoginOutcome> {
    const { email, password, rememberMe } = credentials;
    // Counted as a failure before the password is checked, so concurrent guesses cannot pass the limits.
    const attempt = await this.rateLimits.loginAttempt(audience, email, context.ip);

    // Unknown e-mail and wrong password take the same time and get the same answer.
    const user = await findUserByEmail(this.db, email, audience);
    const valid = user
      ? await this.passwords.verify(user.password_hash, password)
      : await this.passwords.verifyForNobody(password);
    if (!user || !valid) throw identityErrors.badCredentials();
    await this.rateLimits.loginSucceeded(attempt);

    const now = this.clock.now();
    if (user.status === 'unverified') return this.requireVerification(user, now, context);

    const persistent = audience === 'member' && rememberMe;
    const session = await this.db.transaction().execute(async (trx) => {
      const started = await this.sessions.start(trx, { userId: user.id, audience, persistent, now });
      await this.events.record(
        trx,
        user.id,
        [
          {
            type: 'SessionStarted',
            data: { userId: user.id, sessionId: started.sessionId, audience, persistent },
          },
        ],
        { actorId: user.id, actorRole: user.role, requestId: context.requestId },
      );
      return started;
    });
    this.events.committed();
    return { kind: 'signed-in', session, persistent };
  }

  private async requireVerification(user: User, now: Date, context: RequestContext): Promise<LoginOutcome> {
    // Within a minute of the last code, that code still stands and no new mail goes out.
    const mayResend = await this.rateLimits.resend(user.id).then(
      () => true,
      (error: unknown) => {
        if (error instanceof TooManyAttempts) return false;
        throw error;
      },
    );
    const email = user.email;
    if (mayResend && email) {
      const code = newVerificationCode();
      const mail = await this.db.transaction().execute(async (trx) => {
        await storeVerificationCode(trx, user.id, code, now);
        return this.mail.verificationCode(trx, email, user.first_name, code, {
          requestId: context.requestId,
        });
      });
      await this.mail.enqueue(mail);
    }
    return {
      kind: 'verification-required',
      ticket: issueVerificationTicket(user.id, now, this.config.cookieSecret),
    };
  }
}

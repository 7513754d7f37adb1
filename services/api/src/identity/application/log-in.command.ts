import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { PENDING_LOGIN_MINUTES, type TwoFactorMethod } from '@ledgerstone/contracts';
import {
  hasSecondFactor,
  mayUseStaffArea,
  type SessionAudience,
  type TwoFactorState,
} from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { TooManyAttempts } from '../../shared/rate-limits/too-many-attempts.error.js';
import { newVerificationCode } from '../domain/secrets.js';
import { issueVerificationTicket, type VerificationTicket } from '../domain/verification-ticket.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import type { StartedSession } from '../persistence/session-store.js';
import { DecoyVerifications } from '../persistence/decoy-verifications.js';
import { SignupDecoys } from '../persistence/signup-decoys.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { findUserByEmail, storeVerificationCode, type User } from '../persistence/users.js';
import { identityErrors } from '../domain/identity.errors.js';
import { IdentityMail } from './identity-mail.js';
import { PasswordHasher } from './password-hasher.js';
import { SecurityChanges } from './security-changes.js';
import { SignIn } from './sign-in.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

/** What the second step may take: the app, a passkey, a recovery code while some are left. */
export function methodsOf(state: TwoFactorState): TwoFactorMethod[] {
  return [
    ...(state.totp ? (['totp'] as const) : []),
    ...(state.passkeys.length > 0 ? (['passkey'] as const) : []),
    ...(state.recoveryCodesLeft > 0 ? (['recovery'] as const) : []),
  ];
}

export type LoginOutcome =
  /** `twoFactorSetupRequired`: staff without a second factor, who reach only its setup until they have one. */
  | { kind: 'signed-in'; session: StartedSession; persistent: boolean; twoFactorSetupRequired: boolean }
  /** Right password of an account with a second factor: no session until the second step, which the token starts. */
  | { kind: 'two-factor-required'; pendingLogin: string; methods: TwoFactorMethod[] }
  /** Right credentials, unverified account: a fresh code is on its way and the ticket ties the verify call to it. */
  /** `codeSent`: false within a minute of the last code, which still stands. */
  | { kind: 'verification-required'; ticket: VerificationTicket; codeSent: boolean };

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
    private readonly mail: IdentityMail,
    private readonly twoFactor: TwoFactorStore,
    private readonly signIn: SignIn,
    private readonly security: SecurityChanges,
    private readonly decoys: SignupDecoys,
    private readonly decoyVerifications: DecoyVerifications,
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
    const now = this.clock.now();
    if (!user || !valid) {
      const decoyUserId =
        audience === 'member' ? await this.decoys.signingIn(this.db, email, password) : undefined;
      if (!decoyUserId) throw identityErrors.badCredentials();
      await this.rateLimits.loginSucceeded(attempt);
      return this.requireDecoyVerification(decoyUserId, now);
    }
    await this.rateLimits.loginSucceeded(attempt);

    if (user.status === 'unverified') return this.requireVerification(user, now, context);

    const persistent = audience === 'member' && rememberMe;
    const state = await this.twoFactor.state(this.db, user.id);
    if (hasSecondFactor(state)) {
      const pendingLogin = await this.db.transaction().execute((trx) =>
        this.twoFactor.startPendingLogin(trx, {
          userId: user.id,
          audience,
          persistent,
          now,
          expiresAt: new Date(now.getTime() + PENDING_LOGIN_MINUTES * 60_000),
        }),
      );
      return { kind: 'two-factor-required', pendingLogin, methods: methodsOf(state) };
    }
    const { session, mails } = await this.db
      .transaction()
      .execute((trx) => this.signIn.start(trx, user, { audience, persistent, context, now }));
    await this.security.afterCommit(mails);
    return { kind: 'signed-in', session, persistent, twoFactorSetupRequired: !mayUseStaffArea(state) };
  }

  private async requireVerification(user: User, now: Date, context: RequestContext): Promise<LoginOutcome> {
    const mayResend = await this.mayResend(user.id);
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
      codeSent: Boolean(mayResend && email),
    };
  }

  /**
   * The password a signup with this registered address gave: answered as its unverified account would be, a
   * "fresh code" (none is sent, as none was at signup) and a ticket for the account that does not exist.
   */
  private async requireDecoyVerification(decoyUserId: string, now: Date): Promise<LoginOutcome> {
    const mayResend = await this.mayResend(decoyUserId);
    if (mayResend) {
      await this.db.transaction().execute((trx) => this.decoys.signedIn(trx, decoyUserId, now));
      await this.decoyVerifications.issue(decoyUserId, now);
    }
    return {
      kind: 'verification-required',
      ticket: issueVerificationTicket(decoyUserId, now, this.config.cookieSecret),
      codeSent: mayResend,
    };
  }

  /** Within a minute of the last code, that code still stands and no new mail goes out. */
  private mayResend(userId: string): Promise<boolean> {
    return this.rateLimits.resend(userId).then(
      () => true,
      (error: unknown) => {
        if (error instanceof TooManyAttempts) return false;
        throw error;
      },
    );
  }
}

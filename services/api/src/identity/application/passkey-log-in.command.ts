import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PasskeyAuthenticationResponse } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { identityErrors } from '../domain/identity.errors.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import type { StartedSession } from '../persistence/session-store.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { findUser, ROLES_OF_AUDIENCE } from '../persistence/users.js';
import { SecurityChanges } from './security-changes.js';
import { SignIn } from './sign-in.js';
import { passkeyLoginChallengeKey } from './start-passkey-assertion.command.js';
import { WebAuthn } from './webauthn.js';

/**
 * "Sign in with a passkey": no e-mail, no password. The passkey names its account by its user handle and verifies
 * its user (PIN or biometrics), so it counts as both factors.
 */
export class PasskeyLogIn extends Command<{ session: StartedSession; persistent: boolean }> {
  constructor(
    readonly audience: SessionAudience,
    readonly browserToken: unknown,
    readonly response: PasskeyAuthenticationResponse,
    readonly rememberMe: boolean,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(PasskeyLogIn)
export class PasskeyLogInHandler implements ICommandHandler<PasskeyLogIn> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rateLimits: RateLimits,
    private readonly store: TwoFactorStore,
    private readonly webAuthn: WebAuthn,
    private readonly signIn: SignIn,
    private readonly security: SecurityChanges,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ audience, browserToken, response, rememberMe, context }: PasskeyLogIn) {
    await this.rateLimits.passkeyLoginAttempt(audience, context.ip);
    const now = this.clock.now();
    if (typeof browserToken !== 'string' || browserToken.length === 0 || browserToken.length > 100) {
      throw identityErrors.passkeyChallengeExpired();
    }
    const challenge = await this.store.takeChallenge(
      this.db,
      passkeyLoginChallengeKey(audience, browserToken),
      now,
    );
    if (!challenge) throw identityErrors.passkeyChallengeExpired();

    const passkey = await this.store.passkey(this.db, response.id);
    const handle = response.response.userHandle;
    const owner = handle
      ? await this.store.userOfHandle(this.db, Buffer.from(handle, 'base64url'))
      : undefined;
    const user = passkey && owner === passkey.userId ? await findUser(this.db, passkey.userId) : undefined;
    // An unknown passkey, one of a closed account, and a staff passkey at the member login get the same answer.
    if (!passkey || !user || user.status !== 'active' || !ROLES_OF_AUDIENCE[audience].includes(user.role)) {
      throw identityErrors.passkeyNotRecognised();
    }
    const counter = await this.webAuthn.verifyAuthentication(response, challenge.challenge, passkey);
    if (counter === undefined) throw identityErrors.passkeyFailed();

    const persistent = audience === 'member' && rememberMe;
    const { session, mails } = await this.db.transaction().execute(async (trx) => {
      await this.store.passkeyUsed(trx, passkey.id, counter, now);
      return this.signIn.start(trx, user, { audience, persistent, context, now });
    });
    await this.security.afterCommit(mails);
    return { session, persistent };
  }
}

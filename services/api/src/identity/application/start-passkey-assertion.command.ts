import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Actor } from '../../shared/auth/actor.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { identityErrors } from '../domain/identity.errors.js';
import { newToken, tokenHash } from '../domain/secrets.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { secondStepChallengeKey } from './complete-second-step.command.js';
import { WebAuthn } from './webauthn.js';

/** Where a step-up's passkey challenge waits: under the session that asked for it. */
export function stepUpChallengeKey(sessionId: string): string {
  return `step-up:${sessionId}`;
}

/** Where a passkey sign-in's challenge waits: under the browser's cookie token. */
export function passkeyLoginChallengeKey(audience: SessionAudience, browserToken: string): string {
  return `passkey-login:${audience}:${tokenHash(browserToken).toString('hex')}`;
}

/**
 * A fresh challenge for a passkey to sign: `second-step` after a right password (the account's passkeys only),
 * `step-up` for a signed-in user's sensitive action (theirs only), `passkey-login` for "Sign in with a passkey"
 * (any discoverable passkey of this site, tied to a new browser token).
 */
export type PasskeyAssertionPurpose =
  | { kind: 'second-step'; audience: SessionAudience; pendingLogin: unknown }
  | { kind: 'step-up'; actor: Actor }
  | { kind: 'passkey-login'; audience: SessionAudience; ip: string };

export class StartPasskeyAssertion extends Command<{
  options: PublicKeyCredentialRequestOptionsJSON;
  browserToken?: string;
}> {
  constructor(readonly purpose: PasskeyAssertionPurpose) {
    super();
  }
}

@CommandHandler(StartPasskeyAssertion)
export class StartPasskeyAssertionHandler implements ICommandHandler<StartPasskeyAssertion> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: TwoFactorStore,
    private readonly webAuthn: WebAuthn,
    private readonly rateLimits: RateLimits,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ purpose }: StartPasskeyAssertion) {
    const now = this.clock.now();
    if (purpose.kind === 'passkey-login') {
      // Asked for without an account or a password, and each writes a challenge: counted as a login attempt.
      await this.rateLimits.passkeyLoginAttempt(purpose.audience, purpose.ip);
      const browserToken = newToken();
      const options = await this.webAuthn.authenticationOptions();
      await this.store.putChallenge(
        this.db,
        passkeyLoginChallengeKey(purpose.audience, browserToken),
        options.challenge,
        null,
        now,
      );
      return { options, browserToken };
    }
    let userId: string;
    let key: string;
    if (purpose.kind === 'second-step') {
      const login = await this.store.pendingLogin(this.db, purpose.pendingLogin, purpose.audience, now);
      if (!login) throw identityErrors.pendingLoginExpired();
      userId = login.userId;
      key = secondStepChallengeKey(login);
    } else {
      userId = purpose.actor.userId;
      key = stepUpChallengeKey(purpose.actor.sessionId);
    }
    const passkeys = await this.store.passkeys(this.db, userId);
    if (passkeys.length === 0) throw identityErrors.noPasskeys();
    const options = await this.webAuthn.authenticationOptions(passkeys);
    await this.store.putChallenge(this.db, key, options.challenge, userId, now);
    return { options };
  }
}

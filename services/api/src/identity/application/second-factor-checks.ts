import { Inject, Injectable } from '@nestjs/common';
import type { ProvidedFactor } from '@ledgerstone/contracts';
import { NO_FACTOR, type FactorCheck } from '@ledgerstone/ledger';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { acceptTotpCode } from '../domain/totp.js';
import {
  identityDatabase,
  type IdentityDatabase,
  type IdentityTransaction,
} from '../persistence/identity.tables.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { WebAuthn } from './webauthn.js';

/**
 * Checks a factor the user presented against the stored secrets, before the decider decides: an app's code
 * within its window and after the last step used (the step is stored, conditionally, in `trx`), a recovery
 * code unused (marked used in `trx`), a passkey assertion answering the challenge waiting under
 * `challengeKey` with one of the user's passkeys. Codes count against the second-factor rate limits first.
 */
@Injectable()
export class SecondFactorChecks {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly store: TwoFactorStore,
    private readonly rateLimits: RateLimits,
    private readonly webAuthn: WebAuthn,
  ) {
    this.db = identityDatabase(database);
  }

  async check(
    trx: IdentityTransaction,
    userId: string,
    factor: ProvidedFactor | undefined,
    challengeKey: string,
    context: RequestContext,
    now: Date,
  ): Promise<FactorCheck> {
    if (!factor) return NO_FACTOR;
    switch (factor.kind) {
      case 'totp': {
        await this.rateLimits.secondFactorAttempt(userId, context.ip);
        const accepted = await this.acceptTotp(trx, userId, factor.code, now);
        if (accepted) await this.rateLimits.secondFactorSucceeded(userId, context.ip);
        return { presented: true, method: 'totp', accepted };
      }
      case 'recovery': {
        await this.rateLimits.secondFactorAttempt(userId, context.ip);
        const remaining = await this.store.useRecoveryCode(trx, userId, factor.code, now);
        if (remaining !== null) await this.rateLimits.secondFactorSucceeded(userId, context.ip);
        return {
          presented: true,
          method: 'recovery',
          accepted: remaining !== null,
          remaining: remaining ?? 0,
        };
      }
      case 'passkey': {
        // Taken outside the transaction: a challenge answers once, whatever becomes of the request.
        const challenge = await this.store.takeChallenge(this.db, challengeKey, now);
        const passkey = await this.store.passkey(trx, factor.response.id);
        const counter =
          challenge && passkey?.userId === userId
            ? await this.webAuthn.verifyAuthentication(factor.response, challenge.challenge, passkey)
            : undefined;
        if (counter !== undefined) await this.store.passkeyUsed(trx, factor.response.id, counter, now);
        return {
          presented: true,
          method: 'passkey',
          accepted: counter !== undefined,
          challengeIssuedAt: challenge?.issuedAt ?? now,
        };
      }
    }
  }

  /** The code of the enabled app, its step not yet used; the step is stored so the code cannot pass again. */
  private async acceptTotp(
    trx: IdentityTransaction,
    userId: string,
    code: string,
    now: Date,
  ): Promise<boolean> {
    const totp = await this.store.totp(trx, userId);
    if (!totp?.enabled) return false;
    const step = acceptTotpCode(totp.secret, code, now, totp.lastUsedStep);
    return step !== null && (await this.store.useTotpStep(trx, userId, step));
  }
}

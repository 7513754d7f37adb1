import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  RECOVERY_CODE_COUNT,
  type PasskeyRegistrationResponse,
  type PasskeySummary,
  type ProvidedFactor,
} from '@ledgerstone/contracts';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { identityErrors, TwoFactorRefused } from '../domain/identity.errors.js';
import { newRecoveryCodes } from '../domain/recovery-codes.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { SessionStore } from '../persistence/session-store.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { CurrentPassword } from './current-password.js';
import { SecondFactorChecks } from './second-factor-checks.js';
import { decide, SecurityChanges } from './security-changes.js';
import { registrationChallengeKey } from './start-passkey-registration.command.js';
import { stepUpChallengeKey } from './start-passkey-assertion.command.js';
import { WebAuthn } from './webauthn.js';

/**
 * Keeps a passkey the browser created for the challenge of security/passkeys/options. The first factor of an
 * account brings a set of recovery codes, shown once, and asks for the password; an account that has a factor
 * must present it instead.
 */
export class AddPasskey extends Command<{ passkey: PasskeySummary; recoveryCodes?: string[] }> {
  constructor(
    readonly actor: Actor,
    readonly name: string,
    readonly response: PasskeyRegistrationResponse,
    readonly password: string | undefined,
    readonly stepUp: ProvidedFactor | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(AddPasskey)
export class AddPasskeyHandler implements ICommandHandler<AddPasskey> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly security: SecurityChanges,
    private readonly store: TwoFactorStore,
    private readonly sessions: SessionStore,
    private readonly checks: SecondFactorChecks,
    private readonly webAuthn: WebAuthn,
    private readonly currentPassword: CurrentPassword,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ actor, name, response, password, stepUp, context }: AddPasskey) {
    const challenge = await this.store.takeChallenge(
      this.db,
      registrationChallengeKey(actor.sessionId),
      this.clock.now(),
    );
    if (!challenge) throw identityErrors.passkeyChallengeExpired();
    const credential = await this.webAuthn.verifyRegistration(response, challenge.challenge);
    if (!credential) throw identityErrors.passkeyFailed();
    const passwordCorrect = await this.currentPassword.matchesIfGiven(actor.userId, password);
    try {
      return await this.security.run(actor, context, async (trx, state, user, now) => {
        const stepUpCheck = await this.checks.check(
          trx,
          user.id,
          stepUp,
          stepUpChallengeKey(actor.sessionId),
          context,
          now,
        );
        const events = decide(
          {
            type: 'AddPasskey',
            data: {
              userId: user.id,
              passwordCorrect,
              passkeyId: credential.id,
              stepUp: stepUpCheck,
              otherSessions: await this.sessions.othersOpen(trx, user.id, actor.sessionId, now),
              at: now,
            },
          },
          state,
        );
        await this.sessions.endAsRecorded(trx, events, now);
        await this.store.addPasskey(trx, { ...credential, userId: user.id, name, createdAt: now });
        let recoveryCodes: string[] | undefined;
        if (events.some((event) => event.type === 'RecoveryCodesGenerated')) {
          recoveryCodes = newRecoveryCodes(RECOVERY_CODE_COUNT);
          await this.store.replaceRecoveryCodes(trx, user.id, recoveryCodes, now);
        }
        const passkey = { id: credential.id, name, createdAt: now.toISOString(), lastUsedAt: null };
        return {
          events,
          result: recoveryCodes ? { passkey, recoveryCodes } : { passkey },
          passkeyNames: { [credential.id]: name },
        };
      });
    } catch (error) {
      // The same authenticator's credential on another account: as good as added already.
      if (isUniqueViolation(error, 'webauthn_credentials_pkey')) {
        throw new TwoFactorRefused('CONFLICT', 'passkeyAlreadyAdded');
      }
      throw error;
    }
  }
}

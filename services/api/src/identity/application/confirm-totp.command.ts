import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RECOVERY_CODE_COUNT, type ProvidedFactor } from '@ledgerstone/contracts';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { identityErrors } from '../domain/identity.errors.js';
import { newRecoveryCodes } from '../domain/recovery-codes.js';
import { acceptTotpCode } from '../domain/totp.js';
import { SessionStore } from '../persistence/session-store.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { CurrentPassword } from './current-password.js';
import { SecondFactorChecks } from './second-factor-checks.js';
import { decide, SecurityChanges } from './security-changes.js';
import { stepUpChallengeKey } from './start-passkey-assertion.command.js';

/**
 * A first code from the app turns it on and brings a fresh set of recovery codes, shown once. The account's first
 * factor asks for the password; an account that already has a factor (a passkey) must present that instead.
 */
export class ConfirmTotp extends Command<string[]> {
  constructor(
    readonly actor: Actor,
    readonly code: string,
    readonly password: string | undefined,
    readonly stepUp: ProvidedFactor | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ConfirmTotp)
export class ConfirmTotpHandler implements ICommandHandler<ConfirmTotp> {
  constructor(
    private readonly security: SecurityChanges,
    private readonly store: TwoFactorStore,
    private readonly sessions: SessionStore,
    private readonly checks: SecondFactorChecks,
    private readonly rateLimits: RateLimits,
    private readonly currentPassword: CurrentPassword,
  ) {}

  async execute({ actor, code, password, stepUp, context }: ConfirmTotp): Promise<string[]> {
    const passwordCorrect = await this.currentPassword.matchesIfGiven(actor.userId, password);
    return this.security.run(actor, context, async (trx, state, user, now) => {
      const pending = await this.store.totp(trx, user.id);
      if (!pending) throw identityErrors.totpSetupExpired();
      if (pending.enabled) throw identityErrors.totpAlreadyEnabled();
      const stepUpCheck = await this.checks.check(
        trx,
        user.id,
        stepUp,
        stepUpChallengeKey(actor.sessionId),
        context,
        now,
      );
      await this.rateLimits.secondFactorAttempt(user.id, context.ip);
      const step = acceptTotpCode(pending.secret, code, now, null);
      if (step !== null) await this.rateLimits.secondFactorSucceeded(user.id, context.ip);
      const events = decide(
        {
          type: 'EnableTotp',
          data: {
            userId: user.id,
            setupStartedAt: pending.setupStartedAt,
            codeAccepted: step !== null,
            stepUp: stepUpCheck,
            passwordCorrect,
            otherSessions: await this.sessions.othersOpen(trx, user.id, actor.sessionId, now),
            at: now,
          },
        },
        state,
      );
      await this.sessions.endAsRecorded(trx, events, now);
      await this.store.enableTotp(trx, user.id, now);
      if (step !== null) await this.store.useTotpStep(trx, user.id, step);
      const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
      await this.store.replaceRecoveryCodes(trx, user.id, codes, now);
      return { events, result: codes };
    });
  }
}

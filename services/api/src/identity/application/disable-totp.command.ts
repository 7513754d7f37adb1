import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ProvidedFactor } from '@ledgerstone/contracts';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { CurrentPassword } from './current-password.js';
import { SecondFactorChecks } from './second-factor-checks.js';
import { decide, SecurityChanges } from './security-changes.js';
import { stepUpChallengeKey } from './start-passkey-assertion.command.js';

/**
 * Turns the authenticator app off: the password and a current factor (the app's code, a recovery code or a
 * passkey's assertion answering the step-up challenge).
 */
export class DisableTotp extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly password: string,
    readonly factor: ProvidedFactor,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(DisableTotp)
export class DisableTotpHandler implements ICommandHandler<DisableTotp> {
  constructor(
    private readonly security: SecurityChanges,
    private readonly store: TwoFactorStore,
    private readonly checks: SecondFactorChecks,
    private readonly currentPassword: CurrentPassword,
  ) {}

  async execute({ actor, password, factor, context }: DisableTotp): Promise<void> {
    const passwordCorrect = await this.currentPassword.matches(actor.userId, password);
    await this.security.run(actor, context, async (trx, state, user, now) => {
      const check = await this.checks.check(
        trx,
        user.id,
        factor,
        stepUpChallengeKey(actor.sessionId),
        context,
        now,
      );
      const events = decide(
        { type: 'DisableTotp', data: { userId: user.id, passwordCorrect, factor: check, at: now } },
        state,
      );
      await this.store.removeTotp(trx, user.id);
      if (events.some((event) => event.type === 'RecoveryCodesRevoked')) {
        await this.store.revokeRecoveryCodes(trx, user.id);
      }
      return { events, result: undefined };
    });
  }
}

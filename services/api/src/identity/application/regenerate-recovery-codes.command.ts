import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RECOVERY_CODE_COUNT, type ProvidedFactor } from '@ledgerstone/contracts';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { newRecoveryCodes } from '../domain/recovery-codes.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { CurrentPassword } from './current-password.js';
import { SecondFactorChecks } from './second-factor-checks.js';
import { decide, SecurityChanges } from './security-changes.js';
import { stepUpChallengeKey } from './start-passkey-assertion.command.js';

/** A new set of recovery codes, shown once; every earlier code stops working. Needs the password and a factor. */
export class RegenerateRecoveryCodes extends Command<string[]> {
  constructor(
    readonly actor: Actor,
    readonly password: string,
    readonly factor: ProvidedFactor,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RegenerateRecoveryCodes)
export class RegenerateRecoveryCodesHandler implements ICommandHandler<RegenerateRecoveryCodes> {
  constructor(
    private readonly security: SecurityChanges,
    private readonly store: TwoFactorStore,
    private readonly checks: SecondFactorChecks,
    private readonly currentPassword: CurrentPassword,
  ) {}

  async execute({ actor, password, factor, context }: RegenerateRecoveryCodes): Promise<string[]> {
    const passwordCorrect = await this.currentPassword.matches(actor.userId, password);
    return this.security.run(actor, context, async (trx, state, user, now) => {
      const check = await this.checks.check(
        trx,
        user.id,
        factor,
        stepUpChallengeKey(actor.sessionId),
        context,
        now,
      );
      const events = decide(
        {
          type: 'RegenerateRecoveryCodes',
          data: { userId: user.id, passwordCorrect, factor: check, at: now },
        },
        state,
      );
      const codes = newRecoveryCodes(RECOVERY_CODE_COUNT);
      await this.store.replaceRecoveryCodes(trx, user.id, codes, now);
      return { events, result: codes };
    });
  }
}

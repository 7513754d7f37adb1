import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ProvidedFactor } from '@ledgerstone/contracts';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { CurrentPassword } from './current-password.js';
import { SecondFactorChecks } from './second-factor-checks.js';
import { decide, SecurityChanges } from './security-changes.js';
import { stepUpChallengeKey } from './start-passkey-assertion.command.js';

/** Removes a passkey: the password and a current factor (a code, or a passkey's assertion, this one's too). */
export class RemovePasskey extends Command<void> {
  constructor(
    readonly actor: Actor,
    readonly passkeyId: string,
    readonly password: string,
    readonly factor: ProvidedFactor,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RemovePasskey)
export class RemovePasskeyHandler implements ICommandHandler<RemovePasskey> {
  constructor(
    private readonly security: SecurityChanges,
    private readonly store: TwoFactorStore,
    private readonly checks: SecondFactorChecks,
    private readonly currentPassword: CurrentPassword,
  ) {}

  async execute({ actor, passkeyId, password, factor, context }: RemovePasskey): Promise<void> {
    const passwordCorrect = await this.currentPassword.matches(actor.userId, password);
    await this.security.run(actor, context, async (trx, state, user, now) => {
      const named = state.passkeys.includes(passkeyId) ? await this.store.passkey(trx, passkeyId) : undefined;
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
          type: 'RemovePasskey',
          data: { userId: user.id, passkeyId, passwordCorrect, factor: check, at: now },
        },
        state,
      );
      await this.store.removePasskey(trx, user.id, passkeyId);
      if (events.some((event) => event.type === 'RecoveryCodesRevoked')) {
        await this.store.revokeRecoveryCodes(trx, user.id);
      }
      return { events, result: undefined, passkeyNames: named ? { [passkeyId]: named.name } : {} };
    });
  }
}

import { Injectable } from '@nestjs/common';
import type { ProvidedFactor } from '@ledgerstone/contracts';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { SecondFactorChecks } from './second-factor-checks.js';
import { decide, SecurityChanges } from './security-changes.js';
import { stepUpChallengeKey } from './start-passkey-assertion.command.js';

/**
 * A fresh second factor before a sensitive action (a withdrawal, a change of payout wallets), checked on the
 * server in the action's command: an account without a factor passes; one with a factor must present it now
 * (403 when missing, 422 when wrong). A code passes once; a passkey answers the session's step-up challenge.
 */
@Injectable()
export class StepUp {
  constructor(
    private readonly security: SecurityChanges,
    private readonly checks: SecondFactorChecks,
  ) {}

  async confirm(actor: Actor, factor: ProvidedFactor | undefined, context: RequestContext): Promise<void> {
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
        {
          type: 'ConfirmSecondFactor',
          data: { userId: user.id, purpose: 'step-up', factor: check, at: now },
        },
        state,
      );
      return { events, result: undefined };
    });
  }
}

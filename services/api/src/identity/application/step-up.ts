import { Inject, Injectable } from '@nestjs/common';
import type { ProvidedFactor } from '@ledgerstone/contracts';
import { NO_FACTOR } from '@ledgerstone/ledger';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
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
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly security: SecurityChanges,
    private readonly checks: SecondFactorChecks,
    private readonly store: TwoFactorStore,
  ) {
    this.db = identityDatabase(database);
  }

  /**
   * True when the action needs no second factor: the account had none when the request's session was checked (the
   * decider lets an account without a factor through, and ignores one presented all the same).
   */
  passesWithout(actor: Actor): boolean {
    return actor.hasSecondFactor === false;
  }

  async confirm(actor: Actor, factor: ProvidedFactor | undefined, context: RequestContext): Promise<void> {
    if (this.passesWithout(actor)) return;
    if (!factor) {
      // Nothing presented, so nothing to use up or record: the decider only asks whether the account has a
      // factor, which one read answers without the security change's transaction and lock.
      const state = await this.store.state(this.db, actor.userId);
      const at = this.clock.now();
      decide(
        {
          type: 'ConfirmSecondFactor',
          data: { userId: actor.userId, purpose: 'step-up', factor: NO_FACTOR, at },
        },
        state,
      );
      return;
    }
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

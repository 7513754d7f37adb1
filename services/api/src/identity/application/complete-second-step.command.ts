import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ProvidedFactor } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { identityErrors } from '../domain/identity.errors.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import type { StartedSession } from '../persistence/session-store.js';
import { TwoFactorStore, type PendingLogin } from '../persistence/two-factor-store.js';
import { findUser } from '../persistence/users.js';
import { SecondFactorChecks } from './second-factor-checks.js';
import { decide, SecurityChanges } from './security-changes.js';
import { SignIn } from './sign-in.js';

/** Where the challenge of a second step's passkey waits: under its pending login. */
export function secondStepChallengeKey(login: PendingLogin): string {
  return `second-step:${login.tokenHash.toString('hex')}`;
}

/**
 * The second step of a login: the pending login's cookie and a factor of the account (an app's code, a recovery
 * code or a passkey assertion). The session opens only now; the pending login is used up with it.
 */
export class CompleteSecondStep extends Command<{ session: StartedSession; persistent: boolean }> {
  constructor(
    readonly audience: SessionAudience,
    readonly pendingLogin: unknown,
    readonly factor: ProvidedFactor,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(CompleteSecondStep)
export class CompleteSecondStepHandler implements ICommandHandler<CompleteSecondStep> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: TwoFactorStore,
    private readonly checks: SecondFactorChecks,
    private readonly signIn: SignIn,
    private readonly security: SecurityChanges,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ audience, pendingLogin, factor, context }: CompleteSecondStep) {
    const now = this.clock.now();
    const login = await this.store.pendingLogin(this.db, pendingLogin, audience, now);
    if (!login) throw identityErrors.pendingLoginExpired();
    const { session, mails } = await this.db.transaction().execute(async (trx) => {
      const state = await this.store.state(trx, login.userId, { lock: true });
      const check = await this.checks.check(
        trx,
        login.userId,
        factor,
        secondStepChallengeKey(login),
        context,
        now,
      );
      const events = decide(
        {
          type: 'ConfirmSecondFactor',
          data: { userId: login.userId, purpose: 'sign-in', factor: check, at: now },
        },
        state,
      );
      const user = await findUser(trx, login.userId);
      if (!user || user.status !== 'active' || !(await this.store.consumePendingLogin(trx, login, now))) {
        throw identityErrors.pendingLoginExpired();
      }
      return this.signIn.start(trx, user, {
        audience,
        persistent: login.persistent,
        context,
        now,
        before: events,
      });
    });
    await this.security.afterCommit(mails);
    return { session, persistent: login.persistent };
  }
}

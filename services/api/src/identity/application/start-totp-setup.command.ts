import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { TotpSetupResponse } from '@ledgerstone/contracts';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { identityErrors } from '../domain/identity.errors.js';
import { newTotpSecret, totpUri } from '../domain/totp.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { SecurityChanges } from './security-changes.js';

/** A new authenticator app secret to scan or type; it does nothing until a first code confirms it. */
export class StartTotpSetup extends Command<TotpSetupResponse> {
  constructor(
    readonly actor: Actor,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(StartTotpSetup)
export class StartTotpSetupHandler implements ICommandHandler<StartTotpSetup> {
  constructor(
    private readonly security: SecurityChanges,
    private readonly store: TwoFactorStore,
  ) {}

  execute({ actor, context }: StartTotpSetup): Promise<TotpSetupResponse> {
    return this.security.run(actor, context, async (trx, state, user, now) => {
      if (state.totp) throw identityErrors.totpAlreadyEnabled();
      const secret = newTotpSecret();
      if (!(await this.store.startTotpSetup(trx, user.id, secret, now)))
        throw identityErrors.totpAlreadyEnabled();
      return { events: [], result: { setupKey: secret, otpauthUri: totpUri(secret, user.email ?? user.id) } };
    });
  }
}

import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PasskeySummary } from '@ledgerstone/contracts';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { decide, SecurityChanges } from './security-changes.js';

export class RenamePasskey extends Command<PasskeySummary> {
  constructor(
    readonly actor: Actor,
    readonly passkeyId: string,
    readonly name: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RenamePasskey)
export class RenamePasskeyHandler implements ICommandHandler<RenamePasskey> {
  constructor(
    private readonly security: SecurityChanges,
    private readonly store: TwoFactorStore,
  ) {}

  execute({ actor, passkeyId, name, context }: RenamePasskey): Promise<PasskeySummary> {
    return this.security.run(actor, context, async (trx, state, user, now) => {
      const events = decide({ type: 'RenamePasskey', data: { userId: user.id, passkeyId, at: now } }, state);
      await this.store.renamePasskey(trx, user.id, passkeyId, name);
      const passkey = await this.store.passkey(trx, passkeyId);
      return {
        events,
        result: {
          id: passkeyId,
          name,
          createdAt: (passkey?.createdAt ?? now).toISOString(),
          lastUsedAt: passkey?.lastUsedAt?.toISOString() ?? null,
        },
        passkeyNames: { [passkeyId]: name },
      };
    });
  }
}

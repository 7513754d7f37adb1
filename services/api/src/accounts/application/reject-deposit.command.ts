import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages, type CommandResponse } from '@ledgerstone/contracts';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { AccountLookup } from '../persistence/account-lookup.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';

export class RejectDepositCommand extends Command<CommandResponse> {
  constructor(
    readonly admin: Actor,
    readonly depositId: string,
    readonly reason: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RejectDepositCommand)
export class RejectDepositHandler implements ICommandHandler<RejectDepositCommand> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly lookup: AccountLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ admin, depositId, reason, context }: RejectDepositCommand): Promise<CommandResponse> {
    const userId = await this.lookup.depositOwner(depositId);
    const { result, position } = await this.accounts.execute({
      userId,
      commandType: 'RejectDeposit',
      metadata: commandMetadata(admin, context),
      commands: () => [
        {
          type: 'RejectDeposit',
          data: { userId, depositId, reason, adminId: admin.userId, rejectedAt: this.clock.now() },
        },
      ],
      result: (events) =>
        events.length ? accountMessages.depositRejected : accountMessages.depositAlreadyRejected,
    });
    return { message: result, position };
  }
}

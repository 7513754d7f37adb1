import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages, type CommandResponse } from '@ledgerstone/contracts';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { AccountLookup } from '../persistence/account-lookup.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';

export class RejectWithdrawalCommand extends Command<CommandResponse> {
  constructor(
    readonly admin: Actor,
    readonly withdrawalId: string,
    readonly reason: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** The reserved amount goes back to the source it came from. */
@CommandHandler(RejectWithdrawalCommand)
export class RejectWithdrawalHandler implements ICommandHandler<RejectWithdrawalCommand> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly lookup: AccountLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ admin, withdrawalId, reason, context }: RejectWithdrawalCommand): Promise<CommandResponse> {
    const userId = await this.lookup.withdrawalOwner(withdrawalId);
    const { result, position } = await this.accounts.execute({
      userId,
      commandType: 'RejectWithdrawal',
      metadata: commandMetadata(admin, context),
      commands: () => [
        {
          type: 'RejectWithdrawal',
          data: { userId, withdrawalId, reason, adminId: admin.userId, rejectedAt: this.clock.now() },
        },
      ],
      result: (events) =>
        events.length ? accountMessages.withdrawalRejected : accountMessages.withdrawalAlreadyRejected,
    });
    return { message: result, position };
  }
}

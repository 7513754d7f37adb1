import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages, type CommandResponse } from '@ledgerstone/contracts';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { AccountLookup } from '../persistence/account-lookup.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';

export class MarkWithdrawalPaidCommand extends Command<CommandResponse> {
  constructor(
    readonly admin: Actor,
    readonly withdrawalId: string,
    readonly payoutReference: string | null,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(MarkWithdrawalPaidCommand)
export class MarkWithdrawalPaidHandler implements ICommandHandler<MarkWithdrawalPaidCommand> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly lookup: AccountLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    admin,
    withdrawalId,
    payoutReference,
    context,
  }: MarkWithdrawalPaidCommand): Promise<CommandResponse> {
    const userId = await this.lookup.withdrawalOwner(withdrawalId);
    const { result, position } = await this.accounts.execute({
      userId,
      commandType: 'MarkWithdrawalPaid',
      metadata: commandMetadata(admin, context),
      commands: () => [
        {
          type: 'MarkWithdrawalPaid',
          data: { userId, withdrawalId, payoutReference, adminId: admin.userId, paidAt: this.clock.now() },
        },
      ],
      result: (events) =>
        events.length ? accountMessages.withdrawalPaid : accountMessages.withdrawalAlreadyPaid,
    });
    return { message: result, position };
  }
}

import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages, type CommandResponse } from '@ledgerstone/contracts';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { AccountLookup } from '../persistence/account-lookup.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';

export class ConfirmDepositCommand extends Command<CommandResponse> {
  constructor(
    readonly admin: Actor,
    readonly depositId: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/** A second confirm appends nothing and says so: confirming twice credits once. */
@CommandHandler(ConfirmDepositCommand)
export class ConfirmDepositHandler implements ICommandHandler<ConfirmDepositCommand> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly lookup: AccountLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ admin, depositId, context }: ConfirmDepositCommand): Promise<CommandResponse> {
    const userId = await this.lookup.depositOwner(depositId);
    const { result, position } = await this.accounts.execute({
      userId,
      commandType: 'ConfirmDeposit',
      metadata: commandMetadata(admin, context),
      commands: () => [
        {
          type: 'ConfirmDeposit',
          data: {
            userId,
            depositId,
            investmentId: randomUUID(),
            adminId: admin.userId,
            confirmedAt: this.clock.now(),
          },
        },
      ],
      result: (events) =>
        events.length ? accountMessages.depositConfirmed : accountMessages.depositAlreadyConfirmed,
    });
    return { message: result, position };
  }
}

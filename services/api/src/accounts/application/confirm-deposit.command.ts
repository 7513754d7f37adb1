import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages, type CommandResponse, type ProposalResponse } from '@ledgerstone/contracts';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { AccountLookup } from '../persistence/account-lookup.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';
import { FourEyes, type CoSignature } from '../../shared/approvals/four-eyes.js';
import { depositConfirmation } from './proposals.js';

const OVER_THRESHOLD = 'A deposit above the approval threshold';

export class ConfirmDepositCommand extends Command<CommandResponse | ProposalResponse> {
  constructor(
    readonly admin: Actor,
    readonly depositId: string,
    readonly context: RequestContext,
    /** Set when a second admin approved this: it runs instead of being proposed. */
    readonly coSignature?: CoSignature,
  ) {
    super();
  }
}

/**
 * A second confirm appends nothing and says so: confirming twice credits once. A pending deposit above the
 * approval threshold is proposed instead, and confirmed once a second admin approves.
 */
@CommandHandler(ConfirmDepositCommand)
export class ConfirmDepositHandler implements ICommandHandler<ConfirmDepositCommand> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly lookup: AccountLookup,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly fourEyes: FourEyes,
  ) {}

  async execute({
    admin,
    depositId,
    context,
    coSignature,
  }: ConfirmDepositCommand): Promise<CommandResponse | ProposalResponse> {
    const userId = await this.lookup.depositOwner(depositId);
    if (!coSignature) {
      const account = await this.lookup.account(userId);
      const deposit = account.state.deposits[depositId];
      if (deposit?.status === 'pending' && this.fourEyes.requires('ConfirmDeposit', deposit.amount)) {
        const proposal = depositConfirmation(userId, deposit, account, OVER_THRESHOLD);
        return this.fourEyes.propose(admin, proposal, context);
      }
    }
    const { result, position } = await this.accounts.execute({
      userId,
      commandType: 'ConfirmDeposit',
      metadata: commandMetadata(admin, context, coSignature?.approvalId),
      coSignature,
      // Approved: the invested total the proposal showed must still be the account's (a day's profit may not matter).
      shownNow: (state) => {
        const deposit = state.deposits[depositId];
        return deposit && depositConfirmation(userId, deposit, { version: 0, state }, '').action.changes;
      },
      commands: ({ open }) => [
        {
          type: 'ConfirmDeposit',
          data: {
            userId,
            depositId,
            investmentId: randomUUID(),
            adminId: admin.userId,
            accountOpen: open,
            fourEyes: { policy: this.fourEyes.policy, approved: coSignature !== undefined },
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

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
import { withdrawalPayout } from './proposals.js';

const OVER_THRESHOLD = 'A payout above the approval threshold';

export class MarkWithdrawalPaidCommand extends Command<CommandResponse | ProposalResponse> {
  constructor(
    readonly admin: Actor,
    readonly withdrawalId: string,
    readonly payoutReference: string | null,
    readonly context: RequestContext,
    /** Set when a second admin approved this: it runs instead of being proposed. */
    readonly coSignature?: CoSignature,
  ) {
    super();
  }
}

/** A pending withdrawal above the approval threshold is proposed instead, and paid once a second admin approves. */
@CommandHandler(MarkWithdrawalPaidCommand)
export class MarkWithdrawalPaidHandler implements ICommandHandler<MarkWithdrawalPaidCommand> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly lookup: AccountLookup,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly fourEyes: FourEyes,
  ) {}

  async execute({
    admin,
    withdrawalId,
    payoutReference,
    context,
    coSignature,
  }: MarkWithdrawalPaidCommand): Promise<CommandResponse | ProposalResponse> {
    const userId = await this.lookup.withdrawalOwner(withdrawalId);
    if (!coSignature) {
      const account = await this.lookup.account(userId);
      const withdrawal = account.state.withdrawals[withdrawalId];
      if (
        withdrawal?.status === 'pending' &&
        this.fourEyes.requires('MarkWithdrawalPaid', withdrawal.amount)
      ) {
        const proposal = withdrawalPayout(userId, withdrawal, account, payoutReference, OVER_THRESHOLD);
        return this.fourEyes.propose(admin, proposal, context);
      }
    }
    const { result, position } = await this.accounts.execute({
      userId,
      commandType: 'MarkWithdrawalPaid',
      metadata: commandMetadata(admin, context, coSignature?.approvalId),
      coSignature,
      commands: () => [
        {
          type: 'MarkWithdrawalPaid',
          data: {
            userId,
            withdrawalId,
            payoutReference,
            adminId: admin.userId,
            fourEyes: { policy: this.fourEyes.policy, approved: coSignature !== undefined },
            paidAt: this.clock.now(),
          },
        },
      ],
      result: (events) =>
        events.length ? accountMessages.withdrawalPaid : accountMessages.withdrawalAlreadyPaid,
    });
    return { message: result, position };
  }
}

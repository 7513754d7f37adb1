import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SecurityChangeCommitted } from '../../identity/index.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { SecurityHolds } from './security-holds.js';

/**
 * Pauses the member's withdrawals once a security change has committed. The change stands whatever happens here:
 * a hold lost now is appended before the member's next withdrawal is decided, so a failure is only logged.
 */
@CommandHandler(SecurityChangeCommitted)
export class HoldWithdrawalsHandler implements ICommandHandler<SecurityChangeCommitted> {
  private readonly logger = new Logger(HoldWithdrawalsHandler.name);

  constructor(
    private readonly holds: SecurityHolds,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ userId, actor, context }: SecurityChangeCommitted): Promise<void> {
    try {
      await this.holds.catchUp(
        userId,
        {
          actorId: actor.userId,
          actorRole: actor.role,
          requestId: context.requestId,
          correlationId: context.requestId,
        },
        this.clock.now(),
      );
    } catch (error) {
      this.logger.error(`The security hold of ${userId} waits for the next withdrawal: ${String(error)}`);
    }
  }
}

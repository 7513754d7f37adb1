import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  payoutWallets,
  payoutWalletsRequest,
  walletMessages,
  type MessageResponse,
  type PayoutWallets,
} from '@ledgerstone/contracts';
import { MemberOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import type { Actor } from '../../shared/auth/actor.js';
import { GetPayoutWallets } from '../application/get-payout-wallets.query.js';
import { SavePayoutWallets } from '../application/save-payout-wallets.command.js';

/** Only ever the signed-in member's own wallets: no route takes a user id. */
@MemberOnly()
@Controller('user/wallets')
export class PayoutWalletsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async wallets(@CurrentActor() member: Actor): Promise<PayoutWallets> {
    return payoutWallets.parse(await this.queries.execute(new GetPayoutWallets(member.userId)));
  }

  @Put()
  async save(
    @CurrentActor() member: Actor,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    await this.commands.execute(
      new SavePayoutWallets(member, payoutWalletsRequest.parse(body ?? {}), context),
    );
    return { message: walletMessages.saved };
  }
}

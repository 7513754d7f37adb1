import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  messageResponse,
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
import { ApiRoute } from '../../shared/http/api-route.js';

/** Only ever the signed-in member's own wallets: no route takes a user id. */
@MemberOnly()
@Controller('user/wallets')
export class PayoutWalletsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiRoute({
    summary: "The member's payout wallet addresses (null where none is stored), e.g. to prefill a withdrawal",
    tag: 'Member',
    response: payoutWallets,
  })
  async wallets(@CurrentActor() member: Actor): Promise<PayoutWallets> {
    return payoutWallets.parse(await this.queries.execute(new GetPayoutWallets(member.userId)));
  }

  @Put()
  @ApiRoute({
    summary:
      'Save the payout wallets, each checked for its network (USDT as ERC-20 on Ethereum); Solana left out keeps its address, null removes it; a change is mailed to the member',
    tag: 'Member',
    request: payoutWalletsRequest,
    response: messageResponse,
    rateLimited: true,
  })
  async save(
    @CurrentActor() member: Actor,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    const { secondFactor, ...update } = payoutWalletsRequest.parse(body ?? {});
    await this.commands.execute(new SavePayoutWallets(member, update, secondFactor, context));
    return { message: walletMessages.saved };
  }
}

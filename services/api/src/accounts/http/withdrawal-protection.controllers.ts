import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  lockAccountRequest,
  messageResponse,
  setWithdrawalLimitsRequest,
  unlockAccountRequest,
  withdrawalProtection,
  type MessageResponse,
  type WithdrawalProtection,
  proposalResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import { AdminOnly, MemberOnly, Public, StaffRead } from '../../shared/auth/access.decorators.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import {
  LockAccountFromLinkCommand,
  SetWithdrawalLimitsCommand,
  UnlockAccountCommand,
} from '../application/account-protection.commands.js';
import { GetWithdrawalProtection } from '../application/get-withdrawal-protection.query.js';

@MemberOnly()
@Controller('user/withdrawal-protection')
export class MemberWithdrawalProtectionController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiRoute({
    summary:
      "The member's address book (each address's usable-from time), any security hold or lock, and what the rolling daily and 30-day limits leave",
    tag: 'Member',
    response: withdrawalProtection,
  })
  async protection(@CurrentActor() member: Actor): Promise<WithdrawalProtection> {
    return withdrawalProtection.parse(await this.queries.execute(new GetWithdrawalProtection(member.userId)));
  }
}

@Controller('admin/users/:id')
export class AdminWithdrawalProtectionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('withdrawal-protection')
  @StaffRead()
  @ApiRoute({
    summary: "A member's address book, security hold, lock and withdrawal limits, as Manage User shows them",
    tag: 'Admin',
    response: withdrawalProtection,
  })
  async protection(@Param('id') userId: string): Promise<WithdrawalProtection> {
    return withdrawalProtection.parse(await this.queries.execute(new GetWithdrawalProtection(userId)));
  }

  @Put('withdrawal-limits')
  @AdminOnly()
  @ApiRoute({
    summary:
      "Set a member's own rolling withdrawal limits (daily, 30 days) in place of the defaults, with a reason recorded on the account",
    tag: 'Admin',
    request: setWithdrawalLimitsRequest,
    response: messageResponse.or(proposalResponse),
  })
  async setLimits(
    @CurrentActor() admin: Actor,
    @Param('id') userId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse | ProposalResponse> {
    const form = parseRequest(setWithdrawalLimitsRequest, body);
    return this.commands.execute(new SetWithdrawalLimitsCommand(admin, userId, form, context));
  }

  @Post('unlock')
  @HttpCode(HttpStatus.OK)
  @AdminOnly()
  @ApiRoute({
    summary: "Lift a member's account lock, with a reason recorded on the account; 409 when it is not locked",
    tag: 'Admin',
    request: unlockAccountRequest,
    response: messageResponse.or(proposalResponse),
  })
  async unlock(
    @CurrentActor() admin: Actor,
    @Param('id') userId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse | ProposalResponse> {
    const { reason } = parseRequest(unlockAccountRequest, body);
    return this.commands.execute(new UnlockAccountCommand(admin, userId, reason, context));
  }
}

@Public()
@Controller('account/lock')
export class LockAccountController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary:
      '"This wasn\'t me: lock my account": the token of a security mail\'s link freezes withdrawals and payout address changes and ends every session; each link works once, for 24 hours',
    tag: 'Member',
    request: lockAccountRequest,
    response: messageResponse,
  })
  async lock(@Body() body: unknown, @RequestInfo() context: RequestContext): Promise<MessageResponse> {
    const { token } = parseRequest(lockAccountRequest, body);
    return this.commands.execute(new LockAccountFromLinkCommand(token, context));
  }
}

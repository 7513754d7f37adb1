import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { withdrawalRequest, withdrawalResponse, type WithdrawalResponse } from '@ledgerstone/contracts';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { MemberOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import type { Actor } from '../../shared/auth/actor.js';
import { RequestWithdrawalCommand } from '../application/request-withdrawal.command.js';
import { idempotencyKey } from '../../shared/http/idempotency-key.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@MemberOnly()
@Controller('withdraw')
export class MemberWithdrawalController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiRoute({
    summary:
      'Request a withdrawal: the amount is reserved at once, pending until an admin pays or rejects it',
    tag: 'Member',
    request: withdrawalRequest,
    idempotent: true,
    response: withdrawalResponse,
    rateLimited: true,
  })
  async withdraw(
    @CurrentActor() member: Actor,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @RequestInfo() context: RequestContext,
  ): Promise<WithdrawalResponse> {
    const form = parseRequest(withdrawalRequest, body);
    return this.commands.execute(new RequestWithdrawalCommand(member, form, idempotencyKey(key), context));
  }
}

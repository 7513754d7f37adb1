import { Body, Controller, Headers, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { withdrawalRequest, type WithdrawalResponse } from '@ledgerstone/contracts';
import type { RequestContext } from '../../identity/application/request-context.js';
import { MemberOnly } from '../../identity/access/access.decorators.js';
import { CurrentActor } from '../../identity/access/current-actor.decorator.js';
import { RequestInfo } from '../../identity/http/request-info.decorator.js';
import { parseRequest } from './parse-request.js';
import type { Actor } from '../../identity/persistence/session-store.js';
import { RequestWithdrawalCommand } from '../application/request-withdrawal.command.js';
import { idempotencyKey } from './idempotency-key.js';

@MemberOnly()
@Controller('withdraw')
export class MemberWithdrawalController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
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

import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { payWithdrawalRequest, rejectRequest, type CommandResponse } from '@ledgerstone/contracts';
import type { RequestContext } from '../../identity/application/request-context.js';
import { AdminOnly } from '../../identity/access/access.decorators.js';
import { CurrentActor } from '../../identity/access/current-actor.decorator.js';
import { RequestInfo } from '../../identity/http/request-info.decorator.js';
import { parseRequest } from './parse-request.js';
import type { Actor } from '../../identity/persistence/session-store.js';
import { MarkWithdrawalPaidCommand } from '../application/mark-withdrawal-paid.command.js';
import { RejectWithdrawalCommand } from '../application/reject-withdrawal.command.js';

@AdminOnly()
@Controller('admin/withdrawals/:id')
export class AdminWithdrawalsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('pay')
  @HttpCode(HttpStatus.OK)
  async pay(
    @CurrentActor() admin: Actor,
    @Param('id') withdrawalId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<CommandResponse> {
    const { payoutReference } = parseRequest(payWithdrawalRequest, body);
    return this.commands.execute(
      new MarkWithdrawalPaidCommand(admin, withdrawalId, payoutReference, context),
    );
  }

  @Post('reject')
  @HttpCode(HttpStatus.OK)
  async reject(
    @CurrentActor() admin: Actor,
    @Param('id') withdrawalId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<CommandResponse> {
    const { reason } = parseRequest(rejectRequest, body);
    return this.commands.execute(new RejectWithdrawalCommand(admin, withdrawalId, reason, context));
  }
}

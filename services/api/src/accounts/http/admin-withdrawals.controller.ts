import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  commandResponse,
  payWithdrawalRequest,
  rejectRequest,
  type CommandResponse,
  proposalResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { AdminOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import type { Actor } from '../../shared/auth/actor.js';
import { MarkWithdrawalPaidCommand } from '../application/mark-withdrawal-paid.command.js';
import { RejectWithdrawalCommand } from '../application/reject-withdrawal.command.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@AdminOnly()
@Controller('admin/withdrawals/:id')
export class AdminWithdrawalsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('pay')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Mark a withdrawal paid, with the payout transaction reference when there is one',
    tag: 'Admin',
    request: payWithdrawalRequest,
    response: commandResponse.or(proposalResponse),
  })
  async pay(
    @CurrentActor() admin: Actor,
    @Param('id') withdrawalId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<CommandResponse | ProposalResponse> {
    const { payoutReference } = parseRequest(payWithdrawalRequest, body);
    return this.commands.execute(
      new MarkWithdrawalPaidCommand(admin, withdrawalId, payoutReference, context),
    );
  }

  @Post('reject')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Reject a withdrawal with a reason: the reserved amount goes back',
    tag: 'Admin',
    request: rejectRequest,
    response: commandResponse,
  })
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

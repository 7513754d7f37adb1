import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  commandResponse,
  rejectRequest,
  type CommandResponse,
  proposalResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { AdminOnly, StaffRead } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import { ProofResponseHeaders } from './proof-response.js';
import type { Actor } from '../../shared/auth/actor.js';
import { ConfirmDepositCommand } from '../application/confirm-deposit.command.js';
import { ReadDepositProofQuery } from '../application/read-deposit-proof.query.js';
import { RejectDepositCommand } from '../application/reject-deposit.command.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@Controller('admin/deposits/:id')
export class AdminDepositsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @AdminOnly()
  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Confirm a deposit: the amount is invested in its plan (a second confirm changes nothing)',
    tag: 'Admin',
    response: commandResponse.or(proposalResponse),
  })
  async confirm(
    @CurrentActor() admin: Actor,
    @Param('id') depositId: string,
    @RequestInfo() context: RequestContext,
  ): Promise<CommandResponse | ProposalResponse> {
    return this.commands.execute(new ConfirmDepositCommand(admin, depositId, context));
  }

  @AdminOnly()
  @Post('reject')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Reject a deposit with a reason',
    tag: 'Admin',
    request: rejectRequest,
    response: commandResponse,
  })
  async reject(
    @CurrentActor() admin: Actor,
    @Param('id') depositId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<CommandResponse> {
    const { reason } = parseRequest(rejectRequest, body);
    return this.commands.execute(new RejectDepositCommand(admin, depositId, reason, context));
  }

  @StaffRead()
  @Get('proof')
  @ProofResponseHeaders()
  @ApiRoute({
    summary: "A deposit's proof of payment",
    tag: 'Admin',
    response: 'file',
  })
  async proof(@Param('id') depositId: string): Promise<StreamableFile> {
    return this.queries.execute(new ReadDepositProofQuery(depositId));
  }
}

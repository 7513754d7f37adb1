import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, StreamableFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { rejectRequest, type CommandResponse } from '@ledgerstone/contracts';
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

@Controller('admin/deposits/:id')
export class AdminDepositsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @AdminOnly()
  @Post('confirm')
  @HttpCode(HttpStatus.OK)
  async confirm(
    @CurrentActor() admin: Actor,
    @Param('id') depositId: string,
    @RequestInfo() context: RequestContext,
  ): Promise<CommandResponse> {
    return this.commands.execute(new ConfirmDepositCommand(admin, depositId, context));
  }

  @AdminOnly()
  @Post('reject')
  @HttpCode(HttpStatus.OK)
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
  async proof(@Param('id') depositId: string): Promise<StreamableFile> {
    return this.queries.execute(new ReadDepositProofQuery(depositId));
  }
}

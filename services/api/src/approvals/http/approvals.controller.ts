import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query } from '@nestjs/common';
import {
  approvalListQuery,
  approvalListResponse,
  approvalMessages,
  approvalSummary,
  commandResponse,
  decideApprovalRequest,
  messageResponse,
  type ApprovalListResponse,
  type ApprovalSummary,
  type CommandResponse,
  type MessageResponse,
} from '@ledgerstone/contracts';
import { z } from 'zod';
import { AdminOnly, StaffRead } from '../../shared/auth/access.decorators.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import { ApprovalDesk } from '../application/approval-desk.js';
import { ApprovalList } from '../application/approval-list.js';
import { ApprovalNotFound } from '../domain/approvals.errors.js';

/** A proposal's id: anything else cannot name one. */
function approvalId(id: string): string {
  if (!z.uuid().safeParse(id).success) throw new ApprovalNotFound();
  return id;
}

/** Staff read the proposals; an admin other than the proposer approves or rejects; the proposer may withdraw. */
@Controller('admin/approvals')
export class ApprovalsController {
  constructor(
    private readonly desk: ApprovalDesk,
    private readonly list: ApprovalList,
  ) {}

  @StaffRead()
  @Get()
  @ApiRoute({
    summary:
      'Proposals awaiting a second admin, oldest first (?status=all for every proposal, ?user_id= for one member)',
    tag: 'Admin',
    query: approvalListQuery,
    response: approvalListResponse,
  })
  async approvals(@Query() query: unknown): Promise<ApprovalListResponse> {
    return { approvals: await this.list.list(parseRequest(approvalListQuery, query)) };
  }

  @StaffRead()
  @Get('summary')
  @ApiRoute({
    summary: 'How many proposals await a second admin, and whether approvals are on',
    tag: 'Admin',
    response: approvalSummary,
  })
  async summary(): Promise<ApprovalSummary> {
    return this.list.summary();
  }

  @AdminOnly()
  @Post(':id/approve')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary:
      "Approve another admin's proposal with a reason: its action runs now, once, at the version it was proposed at (409 when the account changed since, and the proposal is closed as failed; a payout runs at any version, unless the account was locked since)",
    tag: 'Admin',
    request: decideApprovalRequest,
    response: commandResponse,
  })
  async approve(
    @CurrentActor() admin: Actor,
    @Param('id') id: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<CommandResponse> {
    const { reason } = parseRequest(decideApprovalRequest, body);
    return this.desk.approve(admin, approvalId(id), reason, context);
  }

  @AdminOnly()
  @Post(':id/reject')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: "Reject another admin's proposal with a reason: nothing runs",
    tag: 'Admin',
    request: decideApprovalRequest,
    response: messageResponse,
  })
  async reject(
    @CurrentActor() admin: Actor,
    @Param('id') id: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    const { reason } = parseRequest(decideApprovalRequest, body);
    await this.desk.reject(admin, approvalId(id), reason, context);
    return { message: approvalMessages.rejected };
  }

  @AdminOnly()
  @Post(':id/withdraw')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Withdraw your own pending proposal: nothing runs',
    tag: 'Admin',
    response: messageResponse,
  })
  async withdraw(
    @CurrentActor() admin: Actor,
    @Param('id') id: string,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    await this.desk.withdraw(admin, approvalId(id), context);
    return { message: approvalMessages.withdrawn };
  }
}

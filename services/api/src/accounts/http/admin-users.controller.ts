import { Body, Controller, Delete, Headers, HttpCode, HttpStatus, Param, Patch, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  accountMessages,
  adjustBalancesRequest,
  commandResponse,
  messageResponse,
  updateUserRequest,
  type CommandResponse,
  type MessageResponse,
  proposalResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { AdminOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { idempotencyKey } from '../../shared/http/idempotency-key.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import type { Actor } from '../../shared/auth/actor.js';
import { AdjustBalancesCommand } from '../application/adjust-balances.command.js';
import { CloseAccountCommand } from '../application/close-account.command.js';
import { UpdateMemberCommand } from '../../identity/index.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@AdminOnly()
@Controller('admin/users/:id')
export class AdminUsersController {
  constructor(private readonly commands: CommandBus) {}

  /** Edit User Details' amounts: the changed figures with the ones shown, posted as adjustments of the differences. */
  @Put('balances')
  @ApiRoute({
    summary:
      "Set the available, invested and profit figures: send the changed ones as { shown, target } with the version the figures were read at; each change is an adjustment with the reason; 409 when the version or a shown figure is not the account's",
    tag: 'Admin',
    request: adjustBalancesRequest,
    idempotent: true,
    response: commandResponse.or(proposalResponse),
  })
  async adjustBalances(
    @CurrentActor() admin: Actor,
    @Param('id') userId: string,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @RequestInfo() context: RequestContext,
  ): Promise<CommandResponse | ProposalResponse> {
    const form = parseRequest(adjustBalancesRequest, body);
    return this.commands.execute(
      new AdjustBalancesCommand(admin, userId, form, context, undefined, idempotencyKey(key)),
    );
  }

  @Patch()
  @ApiRoute({
    summary: "Edit a member's first name, last name and e-mail",
    tag: 'Admin',
    request: updateUserRequest,
    response: messageResponse,
  })
  async update(
    @CurrentActor() admin: Actor,
    @Param('id') userId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    const profile = parseRequest(updateUserRequest, body);
    await this.commands.execute(new UpdateMemberCommand(admin, userId, profile, context));
    return { message: accountMessages.userUpdated };
  }

  /** "Delete user" closes the account; its money's history stays. */
  @Delete()
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Close an account: no more logins, sessions end, personal data erased; the money history stays',
    tag: 'Admin',
    response: messageResponse,
  })
  async close(
    @CurrentActor() admin: Actor,
    @Param('id') userId: string,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    await this.commands.execute(new CloseAccountCommand(admin, userId, context));
    return { message: accountMessages.accountClosed };
  }
}

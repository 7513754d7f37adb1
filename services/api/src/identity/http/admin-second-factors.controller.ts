import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  messageResponse,
  resetSecondFactorsRequest,
  twoFactorMessages,
  type MessageResponse,
} from '@ledgerstone/contracts';
import { AdminOnly } from '../../shared/auth/access.decorators.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import { ResetSecondFactors } from '../application/reset-second-factors.command.js';

@AdminOnly()
@Controller('admin/users/:id')
export class AdminSecondFactorsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('second-factors/reset')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary:
      "Reset a user's two-step verification for someone who lost every factor: removes the app, passkeys and recovery codes, signs the user out everywhere and mails them; a reason is required, and an admin cannot reset their own",
    tag: 'Admin',
    request: resetSecondFactorsRequest,
    response: messageResponse,
  })
  async reset(
    @CurrentActor() admin: Actor,
    @Param('id') userId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    const { reason } = parseRequest(resetSecondFactorsRequest, body);
    await this.commands.execute(new ResetSecondFactors(admin, userId, reason, context));
    return { message: twoFactorMessages.secondFactorsReset };
  }
}

import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  adminMessageRequest,
  identityMessages,
  messageResponse,
  type MessageResponse,
} from '@ledgerstone/contracts';
import { AdminOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { SendAdminMessage } from '../application/send-admin-message.command.js';
import type { Actor } from '../../shared/auth/actor.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@AdminOnly()
@Controller('admin/email')
export class AdminMessageController {
  constructor(private readonly commands: CommandBus) {}

  /** "Send a Message": mails a member through the mailer and keeps the message with the admin's id. */
  @Post('user/:id')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Send a Message: e-mail a member (recorded with the admin id)',
    tag: 'Admin',
    request: adminMessageRequest,
    response: messageResponse,
  })
  async send(
    @CurrentActor() admin: Actor,
    @Param('id') userId: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    const message = adminMessageRequest.parse(body);
    await this.commands.execute(new SendAdminMessage(admin, userId, message, context));
    return { message: identityMessages.messageSent };
  }
}

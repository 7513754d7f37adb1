import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { adminMessageRequest, identityMessages, type MessageResponse } from '@ledgerstone/contracts';
import { AdminOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { SendAdminMessage } from '../application/send-admin-message.command.js';
import type { Actor } from '../../shared/auth/actor.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';

@AdminOnly()
@Controller('admin/email')
export class AdminMessageController {
  constructor(private readonly commands: CommandBus) {}

  /** "Send a Message": mails a member through the mailer and keeps the message with the admin's id. */
  @Post('user/:id')
  @HttpCode(HttpStatus.OK)
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

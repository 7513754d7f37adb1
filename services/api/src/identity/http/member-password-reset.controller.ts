import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  forgotPasswordRequest,
  identityMessages,
  messageResponse,
  resetPasswordRequest,
  type MessageResponse,
} from '@ledgerstone/contracts';
import { Public } from '../../shared/auth/access.decorators.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestPasswordReset } from '../application/request-password-reset.command.js';
import { ResetPassword } from '../application/reset-password.command.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@Public()
@Controller('user')
export class MemberPasswordResetController {
  constructor(private readonly commands: CommandBus) {}

  /** The same answer whether or not the address has an account. */
  @Post('forget-pass')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Mail a reset link to /reset-password/<token>; the same answer for any address',
    tag: 'Member',
    request: forgotPasswordRequest,
    response: messageResponse,
    rateLimited: true,
  })
  async forgotPassword(
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    const { email } = forgotPasswordRequest.parse(body);
    await this.commands.execute(new RequestPasswordReset('member', email, context));
    return { message: identityMessages.forgotPassword };
  }

  @Post('change/:token')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Set a new password with a mailed reset link; ends every session',
    tag: 'Member',
    request: resetPasswordRequest,
    response: messageResponse,
  })
  async resetPassword(
    @Param('token') token: string,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    const { password } = resetPasswordRequest.parse(body);
    await this.commands.execute(new ResetPassword('member', token, password, context));
    return { message: identityMessages.passwordReset };
  }
}

import { Body, Controller, HttpCode, HttpStatus, Patch, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  identityMessages,
  messageResponse,
  signupRequest,
  verifyRequest,
  type MessageResponse,
} from '@ledgerstone/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../shared/auth/access.decorators.js';
import { RegisterMember } from '../application/register-member.command.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { ResendVerificationCode } from '../application/resend-verification-code.command.js';
import { VerifyAccount } from '../application/verify-account.command.js';
import { IdentityCookies } from './identity-cookies.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@Public()
@Controller('user')
export class MemberSignupController {
  constructor(
    private readonly commands: CommandBus,
    private readonly cookies: IdentityCookies,
  ) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiRoute({
    summary: 'Sign up; mails a verification code and sets the short-lived verification cookie',
    tag: 'Member',
    request: signupRequest,
    response: messageResponse,
    rateLimited: true,
  })
  async signup(
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageResponse> {
    const registered = await this.commands.execute(new RegisterMember(signupRequest.parse(body), context));
    this.cookies.setVerification(response, registered.ticket);
    return { message: identityMessages.signedUp };
  }

  @Patch('verify')
  @ApiRoute({
    summary: 'Verify the account with the mailed code (tied to the signup or login by its cookie)',
    tag: 'Member',
    request: verifyRequest,
    response: messageResponse,
    rateLimited: true,
  })
  async verify(
    @Body() body: unknown,
    @Req() request: Request,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageResponse> {
    const { verifyCode } = verifyRequest.parse(body);
    const userId = this.cookies.verificationUser(request);
    await this.commands.execute(new VerifyAccount(userId, verifyCode, context));
    this.cookies.clearVerification(response);
    return { message: identityMessages.verified };
  }

  @Post('verify/resend')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Mail a new verification code (once a minute)',
    tag: 'Member',
    response: messageResponse,
    rateLimited: true,
  })
  async resend(
    @Req() request: Request,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageResponse> {
    const userId = this.cookies.verificationUser(request);
    const ticket = await this.commands.execute(new ResendVerificationCode(userId, context));
    this.cookies.setVerification(response, ticket);
    return { message: identityMessages.codeResent };
  }
}

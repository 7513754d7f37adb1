import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  identityMessages,
  loginRequest,
  type LoginResponse,
  type MessageResponse,
} from '@ledgerstone/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../shared/auth/access.decorators.js';
import { LogIn } from '../application/log-in.command.js';
import { LogOut } from '../application/log-out.command.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { IdentityCookies } from './identity-cookies.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';

@Public()
@Controller('user')
export class MemberSessionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly cookies: IdentityCookies,
  ) {}

  /**
   * Right credentials of an unverified account answer 200 with `verificationRequired: true` (and a fresh code
   * by mail, and the verification cookie), so the client goes to /verify instead of treating it as a failure.
   */
  @Post('login')
  @HttpCode(HttpStatus.OK)
  async login(
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse> {
    const outcome = await this.commands.execute(new LogIn('member', loginRequest.parse(body), context));
    if (outcome.kind === 'verification-required') {
      this.cookies.setVerification(response, outcome.ticket);
      const text = identityMessages.verifyFirst;
      return { status: text, message: text, verificationRequired: true };
    }
    this.cookies.setSession(response, 'member', outcome.session.token, outcome.persistent);
    const text = identityMessages.loggedIn;
    return { status: text, message: text, verificationRequired: false };
  }

  /** Ends the session on the server; answers the same whether or not one was open. */
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  async logout(
    @Req() request: Request,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageResponse> {
    await this.commands.execute(new LogOut('member', this.cookies.sessionToken(request, 'member'), context));
    this.cookies.clearSession(response, 'member');
    return { message: identityMessages.loggedOut };
  }
}

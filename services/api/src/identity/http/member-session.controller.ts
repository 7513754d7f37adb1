import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  identityMessages,
  loginRequest,
  loginResponse,
  messageResponse,
  twoFactorChallenge,
  twoFactorMessages,
  type LoginResponse,
  type MessageResponse,
  type TwoFactorChallenge,
} from '@ledgerstone/contracts';
import { z } from 'zod';
import type { Request, Response } from 'express';
import { Public } from '../../shared/auth/access.decorators.js';
import { LogIn } from '../application/log-in.command.js';
import { LogOut } from '../application/log-out.command.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { IdentityCookies } from './identity-cookies.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';

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
   * Those of an account with a second factor answer `twoFactorRequired: true` and open no session yet.
   */
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Log in; sets the ls_member cookie (30 days with rememberMe, else until the browser closes)',
    tag: 'Member',
    request: loginRequest,
    response: z.union([loginResponse, twoFactorChallenge]),
    rateLimited: true,
  })
  async login(
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<LoginResponse | TwoFactorChallenge> {
    const outcome = await this.commands.execute(new LogIn('member', loginRequest.parse(body), context));
    if (outcome.kind === 'verification-required') {
      this.cookies.setVerification(response, outcome.ticket);
      const text = outcome.codeSent ? identityMessages.verifyFirst : identityMessages.verifyWithLastCode;
      return { status: text, message: text, verificationRequired: true };
    }
    if (outcome.kind === 'two-factor-required') {
      this.cookies.setPendingLogin(response, 'member', outcome.pendingLogin);
      const text = twoFactorMessages.secondStepNeeded;
      return {
        status: text,
        message: text,
        verificationRequired: false,
        twoFactorRequired: true,
        methods: outcome.methods,
      };
    }
    this.cookies.setSession(response, 'member', outcome.session.token, outcome.persistent);
    const text = identityMessages.loggedIn;
    return { status: text, message: text, verificationRequired: false };
  }

  /** Ends the session on the server; answers the same whether or not one was open. */
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'End the member session on the server',
    tag: 'Member',
    response: messageResponse,
  })
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

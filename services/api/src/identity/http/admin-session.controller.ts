import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  adminLoginRequest,
  adminSignedIn,
  identityMessages,
  messageResponse,
  twoFactorChallenge,
  twoFactorMessages,
  type AdminSignedIn,
  type MessageResponse,
  type TwoFactorChallenge,
} from '@ledgerstone/contracts';
import { z } from 'zod';
import type { Request, Response } from 'express';
import { Public } from '../../shared/auth/access.decorators.js';
import { identityErrors } from '../domain/identity.errors.js';
import { LogIn } from '../application/log-in.command.js';
import { LogOut } from '../application/log-out.command.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { IdentityCookies } from './identity-cookies.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';

/** The admin area's own login: admins and auditors only, into the `ls_admin` cookie, never remembered. */
@Public()
@Controller('admin')
export class AdminSessionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly cookies: IdentityCookies,
  ) {}

  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Admin or auditor login; sets the ls_admin cookie, which ends with the browser',
    tag: 'Admin',
    request: adminLoginRequest,
    response: z.union([adminSignedIn, twoFactorChallenge]),
    rateLimited: true,
  })
  async login(
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminSignedIn | TwoFactorChallenge> {
    const credentials = { ...adminLoginRequest.parse(body), rememberMe: false };
    const outcome = await this.commands.execute(new LogIn('admin', credentials, context));
    if (outcome.kind === 'two-factor-required') {
      this.cookies.setPendingLogin(response, 'admin', outcome.pendingLogin);
      const text = twoFactorMessages.secondStepNeeded;
      return {
        status: text,
        message: text,
        verificationRequired: false,
        twoFactorRequired: true,
        methods: outcome.methods,
      };
    }
    // Staff accounts are created active; one that is not has no business in the admin area.
    if (outcome.kind !== 'signed-in') throw identityErrors.badCredentials();
    this.cookies.setSession(response, 'admin', outcome.session.token, false);
    return {
      status: identityMessages.loggedIn,
      message: identityMessages.loggedIn,
      ...(outcome.twoFactorSetupRequired ? { twoFactorSetupRequired: true as const } : {}),
    };
  }

  /** Ends the session on the server; answers the same whether or not one was open. */
  @Post('logout')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'End the admin session on the server',
    tag: 'Admin',
    response: messageResponse,
  })
  async logout(
    @Req() request: Request,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MessageResponse> {
    await this.commands.execute(new LogOut('admin', this.cookies.sessionToken(request, 'admin'), context));
    this.cookies.clearSession(response, 'admin');
    return { message: identityMessages.loggedOut };
  }
}

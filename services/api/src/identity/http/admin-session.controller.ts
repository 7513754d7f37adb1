import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  adminLoginRequest,
  identityMessages,
  type AdminLoginResponse,
  type MessageResponse,
} from '@ledgerstone/contracts';
import type { Request, Response } from 'express';
import { Public } from '../../shared/auth/access.decorators.js';
import { identityErrors } from '../application/identity.errors.js';
import { LogIn } from '../application/log-in.command.js';
import { LogOut } from '../application/log-out.command.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { IdentityCookies } from './identity-cookies.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';

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
  async login(
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AdminLoginResponse> {
    const credentials = { ...adminLoginRequest.parse(body), rememberMe: false };
    const outcome = await this.commands.execute(new LogIn('admin', credentials, context));
    // Staff accounts are created active; one that is not has no business in the admin area.
    if (outcome.kind !== 'signed-in') throw identityErrors.badCredentials();
    this.cookies.setSession(response, 'admin', outcome.session.token, false);
    return { status: identityMessages.loggedIn, message: identityMessages.loggedIn };
  }

  /** Ends the session on the server; answers the same whether or not one was open. */
  @Post('logout')
  @HttpCode(HttpStatus.OK)
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

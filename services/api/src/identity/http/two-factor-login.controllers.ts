import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res, type Type } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  adminSignedIn,
  identityMessages,
  loginResponse,
  passkeyAssertionRequest,
  passkeyRequestOptions,
  secondStepRequest,
  type AdminSignedIn,
  type LoginResponse,
  type PasskeyRequestOptions,
} from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { Request, Response } from 'express';
import { Public } from '../../shared/auth/access.decorators.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import { CompleteSecondStep } from '../application/complete-second-step.command.js';
import { PasskeyLogIn } from '../application/passkey-log-in.command.js';
import { StartPasskeyAssertion } from '../application/start-passkey-assertion.command.js';
import type { StartedSession } from '../persistence/session-store.js';
import { IdentityCookies } from './identity-cookies.js';

const AUDIENCES = {
  member: { root: 'user', tag: 'Member', name: 'MemberTwoFactorLoginController', signedIn: loginResponse },
  admin: { root: 'admin', tag: 'Admin', name: 'AdminTwoFactorLoginController', signedIn: adminSignedIn },
} as const;

/**
 * The login's second step after a right password ("Two-step verification": a code, a recovery code or "Use a
 * passkey"), and "Sign in with a passkey" without a password; the same routes for members and staff.
 */
function twoFactorLoginController(audience: SessionAudience): Type {
  const { root, tag, signedIn } = AUDIENCES[audience];
  const cookie = audience === 'member' ? 'ls_member' : 'ls_admin';

  @Public()
  @Controller(root)
  class TwoFactorLoginController {
    constructor(
      private readonly commands: CommandBus,
      private readonly cookies: IdentityCookies,
    ) {}

    @Post('login/two-factor')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: `Finish a login with an authenticator app's code or a recovery code; sets the ${cookie} cookie`,
      tag,
      request: secondStepRequest,
      response: signedIn,
      rateLimited: true,
    })
    async secondStep(
      @Body() body: unknown,
      @Req() request: Request,
      @RequestInfo() context: RequestContext,
      @Res({ passthrough: true }) response: Response,
    ): Promise<LoginResponse | AdminSignedIn> {
      const factor = parseRequest(secondStepRequest, body);
      const outcome = await this.commands.execute(
        new CompleteSecondStep(audience, this.cookies.pendingLogin(request), factor, context),
      );
      return this.signedIn(response, outcome);
    }

    @Post('login/passkey/options')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: 'Options for "Use a passkey" at a login\'s second step: the account\'s passkeys',
      tag,
      response: passkeyRequestOptions,
    })
    async secondStepPasskeyOptions(@Req() request: Request): Promise<PasskeyRequestOptions> {
      const { options } = await this.commands.execute(
        new StartPasskeyAssertion({
          kind: 'second-step',
          audience,
          pendingLogin: this.cookies.pendingLogin(request),
        }),
      );
      return options as unknown as PasskeyRequestOptions;
    }

    @Post('login/passkey/verify')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: `Finish a login with a passkey's assertion; sets the ${cookie} cookie`,
      tag,
      request: passkeyAssertionRequest,
      response: signedIn,
    })
    async secondStepPasskey(
      @Body() body: unknown,
      @Req() request: Request,
      @RequestInfo() context: RequestContext,
      @Res({ passthrough: true }) response: Response,
    ): Promise<LoginResponse | AdminSignedIn> {
      const { response: assertion } = parseRequest(passkeyAssertionRequest, body);
      const outcome = await this.commands.execute(
        new CompleteSecondStep(
          audience,
          this.cookies.pendingLogin(request),
          { kind: 'passkey', response: assertion },
          context,
        ),
      );
      return this.signedIn(response, outcome);
    }

    @Post('passkey-login/options')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: 'Options for "Sign in with a passkey" (any passkey of this site); sets a 5-minute cookie',
      tag,
      response: passkeyRequestOptions,
      rateLimited: true,
    })
    async passkeyLoginOptions(
      @RequestInfo() context: RequestContext,
      @Res({ passthrough: true }) response: Response,
    ): Promise<PasskeyRequestOptions> {
      const { options, browserToken } = await this.commands.execute(
        new StartPasskeyAssertion({ kind: 'passkey-login', audience, ip: context.ip }),
      );
      if (browserToken) this.cookies.setPasskeyLogin(response, audience, browserToken);
      return options as unknown as PasskeyRequestOptions;
    }

    @Post('passkey-login/verify')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: `Sign in with a passkey alone (it counts as both factors); sets the ${cookie} cookie`,
      tag,
      request: passkeyAssertionRequest,
      response: signedIn,
      rateLimited: true,
    })
    async passkeyLogin(
      @Body() body: unknown,
      @Req() request: Request,
      @RequestInfo() context: RequestContext,
      @Res({ passthrough: true }) response: Response,
    ): Promise<LoginResponse | AdminSignedIn> {
      const { response: assertion, rememberMe } = parseRequest(passkeyAssertionRequest, body);
      const outcome = await this.commands.execute(
        new PasskeyLogIn(audience, this.cookies.passkeyLogin(request), assertion, rememberMe, context),
      );
      this.cookies.clearPasskeyLogin(response, audience);
      return this.signedIn(response, outcome);
    }

    private signedIn(
      response: Response,
      outcome: { session: StartedSession; persistent: boolean },
    ): LoginResponse | AdminSignedIn {
      this.cookies.clearPendingLogin(response, audience);
      this.cookies.setSession(response, audience, outcome.session.token, outcome.persistent);
      const text = identityMessages.loggedIn;
      return audience === 'member'
        ? { status: text, message: text, verificationRequired: false }
        : { status: text, message: text };
    }
  }

  Object.defineProperty(TwoFactorLoginController, 'name', { value: AUDIENCES[audience].name });
  return TwoFactorLoginController;
}

export const MemberTwoFactorLoginController = twoFactorLoginController('member');
export const AdminTwoFactorLoginController = twoFactorLoginController('admin');

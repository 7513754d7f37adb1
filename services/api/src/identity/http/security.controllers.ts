import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, type Type } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  addPasskeyRequest,
  messageResponse,
  passkeyAddedResponse,
  passkeyCreationOptions,
  passkeyRequestOptions,
  passkeyResponse,
  disableTotpRequest,
  recoveryCodesRequest,
  recoveryCodesResponse,
  removePasskeyRequest,
  renamePasskeyRequest,
  securityOverview,
  signedOutOthersResponse,
  totpConfirmRequest,
  totpSetupResponse,
  twoFactorMessages,
  type MessageResponse,
  type PasskeyAddedResponse,
  type PasskeyCreationOptions,
  type PasskeyRequestOptions,
  type PasskeyResponse,
  type RecoveryCodesResponse,
  type SecurityOverview,
  type SignedOutOthersResponse,
  type TotpSetupResponse,
} from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import { z } from 'zod';
import { BeforeSecondFactorSetup, MemberOnly, Staff } from '../../shared/auth/access.decorators.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import { AddPasskey } from '../application/add-passkey.command.js';
import { ConfirmTotp } from '../application/confirm-totp.command.js';
import { DisableTotp } from '../application/disable-totp.command.js';
import { GetSecurityOverview } from '../application/get-security-overview.query.js';
import { RegenerateRecoveryCodes } from '../application/regenerate-recovery-codes.command.js';
import { RemovePasskey } from '../application/remove-passkey.command.js';
import { RenamePasskey } from '../application/rename-passkey.command.js';
import { SignOutSessions } from '../application/sign-out-session.command.js';
import { StartPasskeyAssertion } from '../application/start-passkey-assertion.command.js';
import { StartPasskeyRegistration } from '../application/start-passkey-registration.command.js';
import { StartTotpSetup } from '../application/start-totp-setup.command.js';
import { identityErrors } from '../domain/identity.errors.js';

const passkeyId = z
  .string()
  .min(1)
  .max(1024)
  .regex(/^[A-Za-z0-9_-]+$/);
const sessionId = z.uuid();

const AUDIENCES = {
  member: { root: 'user/security', tag: 'Member', name: 'MemberSecurityController', access: MemberOnly },
  admin: { root: 'admin/security', tag: 'Admin', name: 'AdminSecurityController', access: Staff },
} as const;

/**
 * The security screen's routes: two-step verification (authenticator app, passkeys, recovery codes) and the
 * active sessions, for the signed-in user's own account. Staff reach them before they have a second factor:
 * setting one up is what the rest of the admin area waits for.
 */
function securityController(audience: SessionAudience): Type {
  const { root, tag, access } = AUDIENCES[audience];
  const whose = audience === 'member' ? "the member's" : "the staff member's";

  @access()
  @BeforeSecondFactorSetup()
  @Controller(root)
  class SecurityController {
    constructor(
      private readonly commands: CommandBus,
      private readonly queries: QueryBus,
    ) {}

    @Get()
    @ApiRoute({
      summary: `Two-step verification and active sessions of ${whose} own account`,
      tag,
      response: securityOverview,
    })
    overview(@CurrentActor() actor: Actor): Promise<SecurityOverview> {
      return this.queries.execute(new GetSecurityOverview(actor));
    }

    @Post('totp/setup')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: 'A new authenticator app secret (setup key and QR content), pending until confirmed',
      tag,
      response: totpSetupResponse,
    })
    totpSetup(
      @CurrentActor() actor: Actor,
      @RequestInfo() context: RequestContext,
    ): Promise<TotpSetupResponse> {
      return this.commands.execute(new StartTotpSetup(actor, context));
    }

    @Post('totp/confirm')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: 'Turn the authenticator app on with its first code; answers 10 recovery codes, shown once',
      tag,
      request: totpConfirmRequest,
      response: recoveryCodesResponse,
      rateLimited: true,
    })
    async totpConfirm(
      @CurrentActor() actor: Actor,
      @Body() body: unknown,
      @RequestInfo() context: RequestContext,
    ): Promise<RecoveryCodesResponse> {
      const { code, password, secondFactor } = parseRequest(totpConfirmRequest, body);
      const recoveryCodes = await this.commands.execute(
        new ConfirmTotp(actor, code, password, secondFactor, context),
      );
      return { message: twoFactorMessages.totpEnabled, recoveryCodes };
    }

    @Post('totp/disable')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary:
        "Turn the authenticator app off: the password and a current factor (the app's code, a recovery code or a passkey)",
      tag,
      request: disableTotpRequest,
      response: messageResponse,
      rateLimited: true,
    })
    async totpDisable(
      @CurrentActor() actor: Actor,
      @Body() body: unknown,
      @RequestInfo() context: RequestContext,
    ): Promise<MessageResponse> {
      const { password, factor } = parseRequest(disableTotpRequest, body);
      await this.commands.execute(new DisableTotp(actor, password, factor, context));
      return { message: twoFactorMessages.totpDisabled };
    }

    @Post('recovery-codes')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: 'Replace the recovery codes: the password and a current factor; answers the 10 new ones',
      tag,
      request: recoveryCodesRequest,
      response: recoveryCodesResponse,
      rateLimited: true,
    })
    async recoveryCodes(
      @CurrentActor() actor: Actor,
      @Body() body: unknown,
      @RequestInfo() context: RequestContext,
    ): Promise<RecoveryCodesResponse> {
      const { password, factor } = parseRequest(recoveryCodesRequest, body);
      const recoveryCodes = await this.commands.execute(
        new RegenerateRecoveryCodes(actor, password, factor, context),
      );
      return { message: twoFactorMessages.recoveryCodesGenerated, recoveryCodes };
    }

    @Post('passkeys/options')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: 'Options for the browser to create a passkey (WebAuthn creation options)',
      tag,
      response: passkeyCreationOptions,
    })
    async passkeyOptions(@CurrentActor() actor: Actor): Promise<PasskeyCreationOptions> {
      return (await this.commands.execute(
        new StartPasskeyRegistration(actor),
      )) as unknown as PasskeyCreationOptions;
    }

    @Post('passkeys')
    @HttpCode(HttpStatus.CREATED)
    @ApiRoute({
      summary: 'Add the passkey the browser created; the first factor of an account brings recovery codes',
      tag,
      request: addPasskeyRequest,
      response: passkeyAddedResponse,
    })
    async addPasskey(
      @CurrentActor() actor: Actor,
      @Body() body: unknown,
      @RequestInfo() context: RequestContext,
    ): Promise<PasskeyAddedResponse> {
      const { name, response, password, secondFactor } = parseRequest(addPasskeyRequest, body);
      const added = await this.commands.execute(
        new AddPasskey(actor, name, response, password, secondFactor, context),
      );
      return { message: twoFactorMessages.passkeyAdded, ...added };
    }

    @Patch('passkeys/:id')
    @ApiRoute({ summary: 'Rename a passkey', tag, request: renamePasskeyRequest, response: passkeyResponse })
    async renamePasskey(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Body() body: unknown,
      @RequestInfo() context: RequestContext,
    ): Promise<PasskeyResponse> {
      const { name } = parseRequest(renamePasskeyRequest, body);
      if (!passkeyId.safeParse(id).success) throw identityErrors.passkeyNotFound();
      const passkey = await this.commands.execute(new RenamePasskey(actor, id, name, context));
      return { message: twoFactorMessages.passkeyRenamed, passkey };
    }

    @Post('passkeys/:id/remove')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: 'Remove a passkey: the password and a current factor (a code or a passkey assertion)',
      tag,
      request: removePasskeyRequest,
      response: messageResponse,
      rateLimited: true,
    })
    async removePasskey(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @Body() body: unknown,
      @RequestInfo() context: RequestContext,
    ): Promise<MessageResponse> {
      const { password, factor } = parseRequest(removePasskeyRequest, body);
      if (!passkeyId.safeParse(id).success) throw identityErrors.passkeyNotFound();
      await this.commands.execute(new RemovePasskey(actor, id, password, factor, context));
      return { message: twoFactorMessages.passkeyRemoved };
    }

    @Post('sessions/sign-out-others')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary: 'Sign out every other session of the account',
      tag,
      response: signedOutOthersResponse,
    })
    async signOutOthers(
      @CurrentActor() actor: Actor,
      @RequestInfo() context: RequestContext,
    ): Promise<SignedOutOthersResponse> {
      const signedOut = await this.commands.execute(new SignOutSessions(actor, undefined, context));
      return { message: twoFactorMessages.otherSessionsSignedOut, signedOut };
    }

    @Post('sessions/:id/sign-out')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({ summary: 'Sign out one other session of the account', tag, response: messageResponse })
    async signOut(
      @CurrentActor() actor: Actor,
      @Param('id') id: string,
      @RequestInfo() context: RequestContext,
    ): Promise<MessageResponse> {
      if (!sessionId.safeParse(id).success) throw identityErrors.sessionNotFound();
      await this.commands.execute(new SignOutSessions(actor, id, context));
      return { message: twoFactorMessages.sessionSignedOut };
    }

    @Post('step-up/options')
    @HttpCode(HttpStatus.OK)
    @ApiRoute({
      summary:
        "Options for a passkey step-up (a withdrawal, a wallet change, a security change): the account's passkeys",
      tag,
      response: passkeyRequestOptions,
    })
    async stepUpOptions(@CurrentActor() actor: Actor): Promise<PasskeyRequestOptions> {
      const { options } = await this.commands.execute(new StartPasskeyAssertion({ kind: 'step-up', actor }));
      return options as unknown as PasskeyRequestOptions;
    }
  }

  Object.defineProperty(SecurityController, 'name', { value: AUDIENCES[audience].name });
  return SecurityController;
}

export const MemberSecurityController = securityController('member');
export const AdminSecurityController = securityController('admin');

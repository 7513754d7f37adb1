import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from '../shared/http/access.guard.js';
import { SessionAuthenticator } from '../shared/auth/actor.js';
import { CsrfGuard } from '../shared/http/csrf.guard.js';
import { ChangePasswordHandler } from './application/change-password.command.js';
import { FirstAdmin } from './application/first-admin.js';
import { GetAdminProfileHandler } from './application/get-admin-profile.query.js';
import { IdentityMail } from './application/identity-mail.js';
import { LogInHandler } from './application/log-in.command.js';
import { LogOutHandler } from './application/log-out.command.js';
import { PasswordHasher } from './application/password-hasher.js';
import { UpdateMemberHandler } from './application/update-member.command.js';
import { RegisterMemberHandler } from './application/register-member.command.js';
import { RequestPasswordResetHandler } from './application/request-password-reset.command.js';
import { ResendVerificationCodeHandler } from './application/resend-verification-code.command.js';
import { ResetPasswordHandler } from './application/reset-password.command.js';
import { ResetSecondFactorsHandler } from './application/reset-second-factors.command.js';
import { SendAdminMessageHandler } from './application/send-admin-message.command.js';
import { UpdateProfileHandler } from './application/update-profile.command.js';
import { VerifyAccountHandler } from './application/verify-account.command.js';
import { AddPasskeyHandler } from './application/add-passkey.command.js';
import { CompleteSecondStepHandler } from './application/complete-second-step.command.js';
import { ConfirmTotpHandler } from './application/confirm-totp.command.js';
import { CurrentPassword } from './application/current-password.js';
import { DisableTotpHandler } from './application/disable-totp.command.js';
import { GetSecurityOverviewHandler } from './application/get-security-overview.query.js';
import { PasskeyLogInHandler } from './application/passkey-log-in.command.js';
import { RegenerateRecoveryCodesHandler } from './application/regenerate-recovery-codes.command.js';
import { RemovePasskeyHandler } from './application/remove-passkey.command.js';
import { RenamePasskeyHandler } from './application/rename-passkey.command.js';
import { SecondFactorChecks } from './application/second-factor-checks.js';
import { SecurityChanges } from './application/security-changes.js';
import { SignIn } from './application/sign-in.js';
import { SignOutSessionsHandler } from './application/sign-out-session.command.js';
import { StartPasskeyAssertionHandler } from './application/start-passkey-assertion.command.js';
import { StartPasskeyRegistrationHandler } from './application/start-passkey-registration.command.js';
import { StartTotpSetupHandler } from './application/start-totp-setup.command.js';
import { StepUp } from './application/step-up.js';
import { WebAuthn } from './application/webauthn.js';
import { AdminMessageController } from './http/admin-message.controller.js';
import { AdminPasswordResetController } from './http/admin-password-reset.controller.js';
import { AdminProfileController } from './http/admin-profile.controller.js';
import { AdminSecondFactorsController } from './http/admin-second-factors.controller.js';
import { AdminSessionController } from './http/admin-session.controller.js';
import { IdentityCookies } from './http/identity-cookies.js';
import { MemberPasswordResetController } from './http/member-password-reset.controller.js';
import { MemberProfileController } from './http/member-profile.controller.js';
import { MemberSessionController } from './http/member-session.controller.js';
import { MemberSignupController } from './http/member-signup.controller.js';
import { SessionAccess } from './http/session-access.js';
import { AdminSecurityController, MemberSecurityController } from './http/security.controllers.js';
import {
  AdminTwoFactorLoginController,
  MemberTwoFactorLoginController,
} from './http/two-factor-login.controllers.js';
import { DecoyVerifications } from './persistence/decoy-verifications.js';
import { SignupDecoys } from './persistence/signup-decoys.js';
import { IdentityEventLog } from './persistence/identity-event-log.js';
import { SessionStore } from './persistence/session-store.js';
import { TwoFactorStore } from './persistence/two-factor-store.js';

const controllers = [
  MemberSignupController,
  MemberSessionController,
  MemberProfileController,
  MemberPasswordResetController,
  AdminSessionController,
  AdminProfileController,
  AdminPasswordResetController,
  AdminMessageController,
  AdminSecondFactorsController,
  MemberTwoFactorLoginController,
  AdminTwoFactorLoginController,
  MemberSecurityController,
  AdminSecurityController,
];

const commandHandlers = [
  RegisterMemberHandler,
  UpdateMemberHandler,
  VerifyAccountHandler,
  ResendVerificationCodeHandler,
  LogInHandler,
  LogOutHandler,
  ChangePasswordHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ResetSecondFactorsHandler,
  UpdateProfileHandler,
  SendAdminMessageHandler,
  CompleteSecondStepHandler,
  PasskeyLogInHandler,
  StartPasskeyAssertionHandler,
  StartTotpSetupHandler,
  ConfirmTotpHandler,
  DisableTotpHandler,
  RegenerateRecoveryCodesHandler,
  StartPasskeyRegistrationHandler,
  AddPasskeyHandler,
  RenamePasskeyHandler,
  RemovePasskeyHandler,
  SignOutSessionsHandler,
];

const queryHandlers = [GetAdminProfileHandler, GetSecurityOverviewHandler];

const services = [
  PasswordHasher,
  IdentityMail,
  IdentityEventLog,
  SessionStore,
  SessionAccess,
  IdentityCookies,
  FirstAdmin,
  DecoyVerifications,
  SignupDecoys,
  TwoFactorStore,
  WebAuthn,
  SecondFactorChecks,
  SecurityChanges,
  SignIn,
  CurrentPassword,
  StepUp,
  { provide: SessionAuthenticator, useExisting: SessionAccess },
];

/** Cross-site check first, then the session check; both apply to every route of the api. */
const globalGuards = [
  { provide: APP_GUARD, useClass: CsrfGuard },
  { provide: APP_GUARD, useClass: AccessGuard },
];

@Module({
  controllers,
  providers: [...services, ...commandHandlers, ...queryHandlers, ...globalGuards],
  exports: services,
})
export class IdentityModule {}

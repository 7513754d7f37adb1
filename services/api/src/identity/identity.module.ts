import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from '../shared/auth/access.guard.js';
import { SessionAuthenticator } from '../shared/auth/actor.js';
import { CsrfGuard } from '../shared/auth/csrf.guard.js';
import { SessionAccess } from './access/session-access.js';
import { ChangePasswordHandler } from './application/change-password.command.js';
import { FirstAdmin } from './application/first-admin.js';
import { GetAdminProfileHandler } from './application/get-admin-profile.query.js';
import { IdentityMail } from './application/identity-mail.js';
import { LogInHandler } from './application/log-in.command.js';
import { LogOutHandler } from './application/log-out.command.js';
import { PasswordHasher } from './application/password-hasher.js';
import { RegisterMemberHandler } from './application/register-member.command.js';
import { RequestPasswordResetHandler } from './application/request-password-reset.command.js';
import { ResendVerificationCodeHandler } from './application/resend-verification-code.command.js';
import { ResetPasswordHandler } from './application/reset-password.command.js';
import { SendAdminMessageHandler } from './application/send-admin-message.command.js';
import { UpdateProfileHandler } from './application/update-profile.command.js';
import { VerifyAccountHandler } from './application/verify-account.command.js';
import { AdminMessageController } from './http/admin-message.controller.js';
import { AdminPasswordResetController } from './http/admin-password-reset.controller.js';
import { AdminProfileController } from './http/admin-profile.controller.js';
import { AdminSessionController } from './http/admin-session.controller.js';
import { IdentityCookies } from './http/identity-cookies.js';
import { MemberPasswordResetController } from './http/member-password-reset.controller.js';
import { MemberProfileController } from './http/member-profile.controller.js';
import { MemberSessionController } from './http/member-session.controller.js';
import { MemberSignupController } from './http/member-signup.controller.js';
import { DecoyVerifications } from './persistence/decoy-verifications.js';
import { IdentityEventLog } from './persistence/identity-event-log.js';
import { SessionStore } from './persistence/session-store.js';

const controllers = [
  MemberSignupController,
  MemberSessionController,
  MemberProfileController,
  MemberPasswordResetController,
  AdminSessionController,
  AdminProfileController,
  AdminPasswordResetController,
  AdminMessageController,
];

const commandHandlers = [
  RegisterMemberHandler,
  VerifyAccountHandler,
  ResendVerificationCodeHandler,
  LogInHandler,
  LogOutHandler,
  ChangePasswordHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  UpdateProfileHandler,
  SendAdminMessageHandler,
];

const queryHandlers = [GetAdminProfileHandler];

const services = [
  PasswordHasher,
  IdentityMail,
  IdentityEventLog,
  SessionStore,
  SessionAccess,
  IdentityCookies,
  FirstAdmin,
  DecoyVerifications,
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

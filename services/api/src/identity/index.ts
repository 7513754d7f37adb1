/** What the identity context offers the rest of the api: nothing else of it may be imported from outside. */
export { FirstAdmin } from './application/first-admin.js';
export { StepUp } from './application/step-up.js';
export { SecurityChangeCommitted } from './application/security-change-committed.js';
export { PasswordHasher } from './application/password-hasher.js';
export {
  StaffAccountRefused,
  StaffAccounts,
  generatedPassword,
  type StaffRole,
} from './application/staff-accounts.js';
export { EmailTakenError, UserNotFoundError } from './domain/identity.errors.js';
export { newReferralCode, newToken, tokenHash } from './domain/secrets.js';
export { newTotpSecret, totpCodeAt } from './domain/totp.js';
export { IdentityModule } from './identity.module.js';
export { IdentityEventLog } from './persistence/identity-event-log.js';
export {
  identityDatabase,
  type IdentityDatabase,
  type IdentityTables,
  type IdentityTransaction,
  type UsersTable,
} from './persistence/identity.tables.js';
export { SessionStore } from './persistence/session-store.js';
export { UpdateMemberCommand } from './application/update-member.command.js';
export { closeMember } from './persistence/users.js';

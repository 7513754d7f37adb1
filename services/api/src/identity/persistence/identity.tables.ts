import type { WriteSideTables } from '@ledgerstone/eventstore';
import type { Kysely, Transaction } from 'kysely';

export type UsersTable = WriteSideTables['users'];

// A type, not an interface: kysely's withTables wants the implicit index signature only type literals have.
export type IdentityTables = Pick<
  WriteSideTables,
  | 'users'
  | 'sessions'
  | 'verification_codes'
  | 'password_reset_tokens'
  | 'admin_messages'
  | 'totp_factors'
  | 'webauthn_user_handles'
  | 'webauthn_credentials'
  | 'recovery_codes'
  | 'pending_logins'
  | 'webauthn_challenges'
  | 'signup_decoys'
>;

export type IdentityDatabase = Kysely<IdentityTables>;
export type IdentityTransaction = Transaction<IdentityTables>;

/** The shared connection, typed with the identity tables. */
export function identityDatabase(db: Kysely<unknown>): IdentityDatabase {
  return db.withTables<IdentityTables>();
}

import type { UserRole, UserStatus } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { Kysely, Transaction } from 'kysely';

export interface UsersTable {
  id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  password_hash: string;
  role: UserRole;
  status: UserStatus;
  referral_code: string;
  referred_by: string | null;
  created_at: Date;
  verified_at: Date | null;
  closed_at: Date | null;
}

export interface SessionsTable {
  id: string;
  token_hash: Buffer;
  user_id: string;
  audience: SessionAudience;
  persistent: boolean;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  ended_reason: string | null;
}

export interface VerificationCodesTable {
  user_id: string;
  code_hash: Buffer;
  expires_at: Date;
  wrong_attempts: number;
  consumed_at: Date | null;
  created_at: Date;
}

export interface PasswordResetTokensTable {
  token_hash: Buffer;
  user_id: string;
  audience: SessionAudience;
  created_at: Date;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface AdminMessagesTable {
  id: string;
  admin_id: string;
  user_id: string;
  subject: string;
  body: string;
  created_at: Date;
}

// A type, not an interface: kysely's withTables wants the implicit index signature only type literals have.
export type IdentityTables = {
  users: UsersTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  admin_messages: AdminMessagesTable;
};

export type IdentityDatabase = Kysely<IdentityTables>;
export type IdentityTransaction = Transaction<IdentityTables>;

/** The shared connection, typed with the identity tables. */
export function identityDatabase(db: Kysely<unknown>): IdentityDatabase {
  return db.withTables<IdentityTables>();
}

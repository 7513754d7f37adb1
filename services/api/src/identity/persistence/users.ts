import type { UserRole } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import { sql, type Selectable } from 'kysely';
import { verificationCodeExpiry } from '../domain/verification-code.js';
import { verificationCodeHash } from '../domain/secrets.js';
import type { IdentityDatabase, IdentityTransaction, UsersTable } from './identity.tables.js';
import { forgetSignupDecoy } from './signup-decoys.js';

export type User = Selectable<UsersTable>;

/** Which roles sign in, and reset their password, at each audience's pages. */
export const ROLES_OF_AUDIENCE: Record<SessionAudience, readonly UserRole[]> = {
  member: ['member'],
  admin: ['admin', 'auditor'],
};

/** The account an address names for that audience; closed accounts are never found. */
export function findUserByEmail(
  db: IdentityDatabase,
  email: string,
  audience: SessionAudience,
): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('role', 'in', ROLES_OF_AUDIENCE[audience])
    .where('status', '!=', 'closed')
    .executeTakeFirst();
}

export function findUser(db: IdentityDatabase, userId: string, lock = false): Promise<User | undefined> {
  const query = db.selectFrom('users').selectAll().where('id', '=', userId);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Stores a new code for the user, replacing (and so invalidating) any earlier one. */
export async function storeVerificationCode(
  db: IdentityDatabase,
  userId: string,
  code: string,
  now: Date,
): Promise<void> {
  const fresh = {
    code_hash: verificationCodeHash(userId, code),
    expires_at: verificationCodeExpiry(now),
    wrong_attempts: 0,
    consumed_at: null,
    created_at: now,
  };
  await db
    .insertInto('verification_codes')
    .values({ user_id: userId, ...fresh })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet(fresh))
    .execute();
}

/**
 * Closes a member in the caller's transaction: no more logins, and the profile's personal data erased. Says
 * whether it was closed now, was already, or names no member.
 */
export async function closeMember(
  trx: IdentityTransaction,
  userId: string,
  now: Date,
): Promise<'closed' | 'already-closed' | 'not-found'> {
  const user = await trx
    .selectFrom('users')
    .select(['status', 'email'])
    .where('id', '=', userId)
    .where('role', '=', 'member')
    .forUpdate()
    .executeTakeFirst();
  if (!user) return 'not-found';
  if (user.status === 'closed') return 'already-closed';
  await trx
    .updateTable('users')
    .set({ status: 'closed', closed_at: now, email: null, first_name: '', last_name: '', phone: null })
    .where('id', '=', userId)
    .execute();
  if (user.email) await forgetSignupDecoy(trx, user.email);
  return 'closed';
}

/**
 * Identity changes as recorded for the audit trail, on the stream `user-<userId>`. Users, sessions, codes and
 * tokens live in relational tables; these events carry ids and facts only, never names, e-mails or phones.
 */

export type UserRole = 'member' | 'admin' | 'auditor';
export type SessionAudience = 'member' | 'admin';

export type SessionEndReason = 'logout' | 'password-changed' | 'password-reset' | 'account-closed';

export interface UserRegistered {
  type: 'UserRegistered';
  data: { userId: string; role: UserRole; referredBy: string | null };
}

export interface UserVerified {
  type: 'UserVerified';
  data: { userId: string };
}

export interface PasswordChanged {
  type: 'PasswordChanged';
  /** `change`: by the user with the current password; `reset`: through an e-mailed reset link. */
  data: { userId: string; method: 'change' | 'reset' };
}

export interface SessionStarted {
  type: 'SessionStarted';
  data: { userId: string; sessionId: string; audience: SessionAudience; persistent: boolean };
}

export interface SessionEnded {
  type: 'SessionEnded';
  data: { userId: string; sessionId: string; reason: SessionEndReason };
}

export interface AccountClosed {
  type: 'AccountClosed';
  data: { userId: string };
}

/** An admin e-mailed the user; subject and body stay in the `admin_messages` table. */
export interface AdminMessageSent {
  type: 'AdminMessageSent';
  data: { messageId: string; adminId: string; userId: string };
}

/** The member changed payout wallets; the addresses stay in the `payout_wallets` table. */
export interface PayoutWalletsChanged {
  type: 'PayoutWalletsChanged';
  /** `networks`: the wallets that changed, by field name (bitcoin, ethereum, usdt, solana). */
  data: { userId: string; networks: string[] };
}

/** An admin changed a member's details; which ones, not their values, which stay in the `users` table. */
export interface MemberDetailsChanged {
  type: 'MemberDetailsChanged';
  data: { userId: string; adminId: string; fields: ('firstName' | 'lastName' | 'email')[] };
}

export type IdentityEvent =
  | UserRegistered
  | UserVerified
  | PasswordChanged
  | SessionStarted
  | SessionEnded
  | AccountClosed
  | AdminMessageSent
  | PayoutWalletsChanged
  | MemberDetailsChanged;

export type IdentityEventType = IdentityEvent['type'];

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

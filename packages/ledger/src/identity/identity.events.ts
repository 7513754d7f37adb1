/**
 * Identity changes as recorded for the audit trail, on the stream `user-<userId>`. Users, sessions, codes and
 * tokens live in relational tables; these events carry ids and facts only, never names, e-mails or phones.
 */

export type UserRole = 'member' | 'admin' | 'auditor';
export type SessionAudience = 'member' | 'admin';

export type SessionEndReason =
  | 'logout'
  | 'password-changed'
  | 'password-reset'
  | 'account-closed'
  /** The user signed it out from the security screen of another session. */
  | 'signed-out-elsewhere'
  /** The member locked the account from the "This wasn't me" link of a security mail. */
  | 'account-locked'
  /** An admin reset the user's second factors. */
  | 'second-factors-reset'
  /** The account's first factor was set up in another session, which was opened with the password alone. */
  | 'second-factor-added';

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

/** A second factor: an authenticator app (TOTP) or a passkey (WebAuthn). */
export type SecondFactorMethod = 'totp' | 'passkey';

/**
 * A second factor was turned on. `passkeyId` is the WebAuthn credential's id for a passkey, else null; secrets,
 * public keys and names stay in their tables.
 */
export interface SecondFactorAdded {
  type: 'SecondFactorAdded';
  data: { userId: string; method: SecondFactorMethod; passkeyId: string | null };
}

export interface SecondFactorRemoved {
  type: 'SecondFactorRemoved';
  data: { userId: string; method: SecondFactorMethod; passkeyId: string | null };
}

export interface PasskeyRenamed {
  type: 'PasskeyRenamed';
  data: { userId: string; passkeyId: string };
}

/** A new set of single-use recovery codes replaced any earlier one; only their hashes are stored. */
export interface RecoveryCodesGenerated {
  type: 'RecoveryCodesGenerated';
  data: { userId: string; count: number };
}

/** The last factor was turned off: the remaining recovery codes no longer work. */
export interface RecoveryCodesRevoked {
  type: 'RecoveryCodesRevoked';
  data: { userId: string };
}

export interface RecoveryCodeUsed {
  type: 'RecoveryCodeUsed';
  data: { userId: string; remaining: number };
}

/**
 * An admin removed every second factor of a user who had lost them all (the app, every passkey and the
 * recovery codes) and ended the user's sessions; `reason` is the admin's, as for a balance adjustment.
 */
export interface SecondFactorsResetByAdmin {
  type: 'SecondFactorsResetByAdmin';
  data: { userId: string; adminId: string; reason: string };
}

/** A session began from a device (user agent) none of the user's earlier sessions came from. */
export interface NewDeviceSignedIn {
  type: 'NewDeviceSignedIn';
  data: { userId: string; sessionId: string };
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
  | MemberDetailsChanged
  | SecondFactorAdded
  | SecondFactorRemoved
  | PasskeyRenamed
  | RecoveryCodesGenerated
  | RecoveryCodesRevoked
  | RecoveryCodeUsed
  | SecondFactorsResetByAdmin
  | NewDeviceSignedIn;

export type IdentityEventType = IdentityEvent['type'];

/**
 * The identity events that change how an account signs in, as a member sees them in their activity and staff in
 * the member's timeline (in this order in the timeline filter). Sessions ended elsewhere count; other ends of a
 * session (a logout, the sessions a password change ends) are part of another change or none.
 */
export const securityEventTypes = [
  'PasswordChanged',
  'SecondFactorAdded',
  'SecondFactorRemoved',
  'RecoveryCodesGenerated',
  'RecoveryCodeUsed',
  'SecondFactorsResetByAdmin',
  'SessionEnded',
  'NewDeviceSignedIn',
] as const satisfies readonly IdentityEventType[];
export type SecurityEventType = (typeof securityEventTypes)[number];

const SECURITY_EVENT_TYPES: ReadonlySet<string> = new Set(securityEventTypes);

/** Whether an identity event is a security change a member's activity and timeline show. */
export function isSecurityActivity(event: { type: string; data: unknown }): boolean {
  if (!SECURITY_EVENT_TYPES.has(event.type)) return false;
  if (event.type !== 'SessionEnded') return true;
  return (event.data as SessionEnded['data']).reason === 'signed-out-elsewhere';
}

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

import { timingSafeEqual } from 'node:crypto';

export const VERIFICATION_CODE_MINUTES = 10;
export const MAX_WRONG_CODES = 5;

export interface StoredVerificationCode {
  codeHash: Buffer;
  expiresAt: Date;
  wrongAttempts: number;
  consumedAt: Date | null;
}

/**
 * `accepted`, or why not: `missing` (none issued, or already used), `locked` (too many wrong tries: only a new
 * code helps), `expired`, `wrong`.
 */
export type VerificationCodeCheck = 'accepted' | 'missing' | 'locked' | 'expired' | 'wrong';

export function verificationCodeExpiry(issuedAt: Date): Date {
  return new Date(issuedAt.getTime() + VERIFICATION_CODE_MINUTES * 60_000);
}

export function checkVerificationCode(
  stored: StoredVerificationCode | undefined,
  givenHash: Buffer,
  now: Date,
): VerificationCodeCheck {
  if (!stored || stored.consumedAt) return 'missing';
  if (stored.wrongAttempts >= MAX_WRONG_CODES) return 'locked';
  if (stored.expiresAt.getTime() <= now.getTime()) return 'expired';
  return stored.codeHash.length === givenHash.length && timingSafeEqual(stored.codeHash, givenHash)
    ? 'accepted'
    : 'wrong';
}

/** After a wrong code is counted: the try that uses up the last attempt already says a new code is needed. */
export function afterWrongCode(wrongAttempts: number): 'wrong' | 'locked' {
  return wrongAttempts >= MAX_WRONG_CODES ? 'locked' : 'wrong';
}

import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { REFERRAL_CODE_ALPHABET, REFERRAL_CODE_LENGTH } from '@ledgerstone/contracts';

/** A bearer secret for a cookie or a link: 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its sha256, so a leaked table opens no session and no reset link. */
export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Six digits from a secure random source, leading zeros kept. */
export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A code's hash is bound to its user, so equal codes of two users never share a hash. */
export function verificationCodeHash(userId: string, code: string): Buffer {
  return createHash('sha256').update(`${userId}:${code}`).digest();
}

export function newReferralCode(pick: (size: number) => number = randomInt): string {
  let code = '';
  for (let index = 0; index < REFERRAL_CODE_LENGTH; index++) {
    code += REFERRAL_CODE_ALPHABET[pick(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

/**
 * What a signup decoy keeps of the password its signup gave: an HMAC keyed by a server secret and bound to the
 * decoy, cheap enough to check beside the account's own password check without changing how long a login takes.
 */
export function signupDecoyMac(secret: string, decoyUserId: string, password: string): Buffer {
  return createHmac('sha256', secret).update(`signup-decoy:${decoyUserId}:${password}`).digest();
}

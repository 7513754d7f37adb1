import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed value of the short-lived cookie that ties a verify call to the signup (or the login) that mailed
 * the code: the code alone never names an account. `<userId>.<expiresAt ms>.<HMAC-SHA256 base64url>`.
 */
export const VERIFICATION_TICKET_MINUTES = 30;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface VerificationTicket {
  value: string;
  expiresAt: Date;
}

function signature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`verification-ticket:${payload}`).digest();
}

export function issueVerificationTicket(userId: string, now: Date, secret: string): VerificationTicket {
  const expiresAt = new Date(now.getTime() + VERIFICATION_TICKET_MINUTES * 60_000);
  const payload = `${userId}.${expiresAt.getTime()}`;
  return { value: `${payload}.${signature(secret, payload).toString('base64url')}`, expiresAt };
}

/** The user id the ticket names, when it is well formed, signed with `secret` and not expired. */
export function readVerificationTicket(value: unknown, now: Date, secret: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  const [userId, expiresAtMs, signed, ...rest] = value.split('.');
  if (rest.length > 0 || !userId || !expiresAtMs || !signed) return undefined;
  if (!UUID.test(userId) || !/^\d{1,15}$/.test(expiresAtMs)) return undefined;
  const given = Buffer.from(signed, 'base64url');
  const expected = signature(secret, `${userId}.${expiresAtMs}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expiresAtMs) <= now.getTime()) return undefined;
  return userId;
}

import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a "This wasn't me: lock my account" link works after the mail that carries it. */
export const LOCK_LINK_HOURS = 24;

export interface LockLink {
  userId: string;
  /** The id of the event (or change) whose mail carries the link: a link is used once. */
  linkId: string;
  expiresAt: Date;
}

const encode = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function signature(key: string, payload: string): Buffer {
  return createHmac('sha256', key).update(`lock-account:${payload}`).digest();
}

/**
 * The token of a lock link: what it locks and until when, signed with the key the api and the projector share.
 * The same mail always gets the same token, so a mail job run twice sends the same link.
 */
export function signLockLink(key: string, link: LockLink): string {
  const payload = encode(
    JSON.stringify({ u: link.userId, l: link.linkId, x: Math.floor(link.expiresAt.getTime() / 1000) }),
  );
  return `${payload}.${encode(signature(key, payload))}`;
}

/** The link's contents when the token is one this key signed; null for anything else (expiry is the caller's). */
export function readLockLink(key: string, token: string): LockLink | null {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return null;
  const expected = signature(key, payload);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { u, l, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (typeof u !== 'string' || typeof l !== 'string' || typeof x !== 'number') return null;
    return { userId: u, linkId: l, expiresAt: new Date(x * 1000) };
  } catch {
    return null;
  }
}

/** The page a lock link opens: it asks before it locks, so a mail scanner following links locks nothing. */
export function lockLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/lock-account?token=${encodeURIComponent(token)}`;
}

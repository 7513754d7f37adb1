import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries `Authorization: Bearer <token>`; never when no token is configured. */
export function carriesBearerToken(request: Request, token: string | undefined): boolean {
  if (token === undefined) return false;
  const match = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  // Equal-length digests: the comparison takes the same time whatever the caller sent.
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

import type { SessionAudience } from '@ledgerstone/ledger';

/** Member and admin sessions live in separate cookies, so neither can open the other's routes. */
export const SESSION_COOKIES: Record<SessionAudience, string> = {
  member: 'ls_member',
  admin: 'ls_admin',
};

/** The short-lived signed cookie that ties a verify call to its signup or login. */
export const VERIFICATION_COOKIE = 'ls_verify';

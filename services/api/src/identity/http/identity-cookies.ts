import { Inject, Injectable } from '@nestjs/common';
import { PENDING_LOGIN_MINUTES } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { CookieOptions, Request, Response } from 'express';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { SESSION_COOKIES, VERIFICATION_COOKIE } from '../../shared/auth/session-cookies.js';
import { CHALLENGE_MINUTES } from '../persistence/two-factor-store.js';
import { REMEMBERED_SESSION_DAYS } from '../../shared/auth/session-policy.js';
import {
  readVerificationTicket,
  VERIFICATION_TICKET_MINUTES,
  type VerificationTicket,
} from '../domain/verification-ticket.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A right password waiting for its second step; read by login/two-factor and login/passkey/*. */
export const PENDING_LOGIN_COOKIE = 'ls_pending_login';
/** Ties "Sign in with a passkey" to the browser that asked for its challenge. */
export const PASSKEY_LOGIN_COOKIE = 'ls_passkey_login';

/** Where each audience's login routes live, under which the short-lived login cookies are sent. */
const LOGIN_ROOT: Record<SessionAudience, string> = { member: '/api/user', admin: '/api/admin' };

/** Session and verification cookies: HttpOnly, SameSite=Lax, Secure outside local mode, sent to the api only. */
@Injectable()
export class IdentityCookies {
  private readonly base: CookieOptions;

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.base = { httpOnly: true, sameSite: 'lax', secure: config.mode !== 'local', path: '/api' };
  }

  /** A remember-me session's cookie lasts 30 days; any other ends with the browser. */
  setSession(response: Response, audience: SessionAudience, token: string, persistent: boolean): void {
    response.cookie(SESSION_COOKIES[audience], token, {
      ...this.base,
      ...(persistent ? { maxAge: REMEMBERED_SESSION_DAYS * DAY_MS } : {}),
    });
  }

  sessionToken(request: Request, audience: SessionAudience): unknown {
    return (request.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIES[audience]];
  }

  clearSession(response: Response, audience: SessionAudience): void {
    response.clearCookie(SESSION_COOKIES[audience], this.base);
  }

  setVerification(response: Response, ticket: VerificationTicket): void {
    response.cookie(VERIFICATION_COOKIE, ticket.value, {
      ...this.base,
      path: '/api/user/verify',
      maxAge: VERIFICATION_TICKET_MINUTES * 60_000,
    });
  }

  /** The user whose verification the request continues, when its cookie is genuine and fresh. */
  verificationUser(request: Request): string | undefined {
    const value = (request.cookies as Record<string, unknown> | undefined)?.[VERIFICATION_COOKIE];
    return readVerificationTicket(value, this.clock.now(), this.config.cookieSecret);
  }

  setPendingLogin(response: Response, audience: SessionAudience, token: string): void {
    response.cookie(PENDING_LOGIN_COOKIE, token, {
      ...this.base,
      path: `${LOGIN_ROOT[audience]}/login`,
      maxAge: PENDING_LOGIN_MINUTES * 60_000,
    });
  }

  pendingLogin(request: Request): unknown {
    return (request.cookies as Record<string, unknown> | undefined)?.[PENDING_LOGIN_COOKIE];
  }

  clearPendingLogin(response: Response, audience: SessionAudience): void {
    response.clearCookie(PENDING_LOGIN_COOKIE, { ...this.base, path: `${LOGIN_ROOT[audience]}/login` });
  }

  setPasskeyLogin(response: Response, audience: SessionAudience, token: string): void {
    response.cookie(PASSKEY_LOGIN_COOKIE, token, {
      ...this.base,
      path: `${LOGIN_ROOT[audience]}/passkey-login`,
      maxAge: CHALLENGE_MINUTES * 60_000,
    });
  }

  passkeyLogin(request: Request): unknown {
    return (request.cookies as Record<string, unknown> | undefined)?.[PASSKEY_LOGIN_COOKIE];
  }

  clearPasskeyLogin(response: Response, audience: SessionAudience): void {
    response.clearCookie(PASSKEY_LOGIN_COOKIE, {
      ...this.base,
      path: `${LOGIN_ROOT[audience]}/passkey-login`,
    });
  }

  clearVerification(response: Response): void {
    response.clearCookie(VERIFICATION_COOKIE, { ...this.base, path: '/api/user/verify' });
  }
}

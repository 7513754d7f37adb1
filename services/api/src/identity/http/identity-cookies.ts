import { Inject, Injectable } from '@nestjs/common';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { CookieOptions, Request, Response } from 'express';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { SESSION_COOKIES, VERIFICATION_COOKIE } from '../../shared/auth/session-cookies.js';
import { REMEMBERED_SESSION_DAYS } from '../../shared/auth/session-policy.js';
import {
  readVerificationTicket,
  VERIFICATION_TICKET_MINUTES,
  type VerificationTicket,
} from '../domain/verification-ticket.js';

const DAY_MS = 24 * 60 * 60 * 1000;

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

  clearVerification(response: Response): void {
    response.clearCookie(VERIFICATION_COOKIE, { ...this.base, path: '/api/user/verify' });
  }
}

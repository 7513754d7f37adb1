import { ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { identityMessages, twoFactorMessages, type UserRole } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { Request } from 'express';
import { SessionAuthenticator, type Actor } from '../../shared/auth/actor.js';
import { SessionStore } from '../persistence/session-store.js';
import type { AccessRule } from '../../shared/auth/access.decorators.js';
import { SESSION_COOKIES } from '../../shared/auth/session-cookies.js';

const REQUIREMENTS: Record<
  Exclude<AccessRule, 'public'>,
  { audience: SessionAudience; roles: UserRole[] }
> = {
  member: { audience: 'member', roles: ['member'] },
  admin: { audience: 'admin', roles: ['admin'] },
  'staff-read': { audience: 'admin', roles: ['admin', 'auditor'] },
  staff: { audience: 'admin', roles: ['admin', 'auditor'] },
  // Without the metrics token (which the access guard checks first), the admin rule.
  'metrics-reader': { audience: 'admin', roles: ['admin'] },
};

const OTHER_AUDIENCE: Record<SessionAudience, SessionAudience> = { member: 'admin', admin: 'member' };

/**
 * Who a request's session cookies name, against a route's rule: 401 without a live session of the rule's
 * audience, 403 with the other audience's session or the wrong role, and 403 for staff without a second factor
 * anywhere but the routes that set one up.
 */
@Injectable()
export class SessionAccess implements SessionAuthenticator {
  constructor(private readonly sessions: SessionStore) {}

  async actorFor(
    rule: Exclude<AccessRule, 'public'>,
    request: Request,
    { beforeSecondFactor = false }: { beforeSecondFactor?: boolean } = {},
  ): Promise<Actor> {
    const { audience, roles } = REQUIREMENTS[rule];
    const cookies: Record<string, unknown> = request.cookies ?? {};
    const found = await this.sessions.authenticate(cookies[SESSION_COOKIES[audience]], audience, {
      touch: true,
    });
    if (found) {
      if (!roles.includes(found.role)) throw new ForbiddenException(identityMessages.forbidden);
      if (audience === 'admin' && !found.hasSecondFactor && !beforeSecondFactor) {
        throw new ForbiddenException(twoFactorMessages.setUpFirst);
      }
      return found;
    }
    const other = OTHER_AUDIENCE[audience];
    if (await this.sessions.authenticate(cookies[SESSION_COOKIES[other]], other, { touch: false })) {
      throw new ForbiddenException(identityMessages.forbidden);
    }
    throw new UnauthorizedException(identityMessages.notAuthenticated);
  }
}

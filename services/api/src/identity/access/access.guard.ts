import {
  ForbiddenException,
  Injectable,
  Logger,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { identityMessages, type UserRole } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { Request } from 'express';
import { SessionStore } from '../persistence/session-store.js';
import { Access, type AccessRule } from './access.decorators.js';
import { setActor } from './current-actor.decorator.js';
import { SESSION_COOKIES } from './session-cookies.js';

const REQUIREMENTS: Record<
  Exclude<AccessRule, 'public'>,
  { audience: SessionAudience; roles: UserRole[] }
> = {
  member: { audience: 'member', roles: ['member'] },
  admin: { audience: 'admin', roles: ['admin'] },
  'staff-read': { audience: 'admin', roles: ['admin', 'auditor'] },
};

const OTHER_AUDIENCE: Record<SessionAudience, SessionAudience> = { member: 'admin', admin: 'member' };

/**
 * Global: 401 without a live session of the route's audience, 403 with the other audience's session or the
 * wrong role, and 403 on any route that states no access rule at all.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('Access');

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride(Access, [context.getHandler(), context.getClass()]);
    if (!rule) {
      this.logger.error(`${context.getClass().name}.${context.getHandler().name} states no access rule`);
      throw new ForbiddenException(identityMessages.forbidden);
    }
    if (rule === 'public') return true;

    const { audience, roles } = REQUIREMENTS[rule];
    const request = context.switchToHttp().getRequest<Request>();
    const cookies: Record<string, unknown> = request.cookies ?? {};
    const actor = await this.sessions.authenticate(cookies[SESSION_COOKIES[audience]], audience, {
      touch: true,
    });
    if (actor) {
      if (!roles.includes(actor.role)) throw new ForbiddenException(identityMessages.forbidden);
      setActor(request, actor);
      return true;
    }
    const other = OTHER_AUDIENCE[audience];
    if (await this.sessions.authenticate(cookies[SESSION_COOKIES[other]], other, { touch: false })) {
      throw new ForbiddenException(identityMessages.forbidden);
    }
    throw new UnauthorizedException(identityMessages.notAuthenticated);
  }
}

import { describe, expect, it, jest } from '@jest/globals';
import { ForbiddenException, Logger, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { ApiConfig } from '../../shared/config/config.js';
import type { Actor } from '../../shared/auth/actor.js';
import type { SessionStore } from '../persistence/session-store.js';
import { twoFactorMessages } from '@ledgerstone/contracts';
import {
  AdminOnly,
  BeforeSecondFactorSetup,
  MemberOnly,
  MetricsReader,
  Public,
  Staff,
  StaffRead,
} from '../../shared/auth/access.decorators.js';
import { AccessGuard } from '../../shared/http/access.guard.js';
import { SessionAccess } from './session-access.js';

class Routes {
  @Public() open() {}
  @MemberOnly() member() {}
  @AdminOnly() admin() {}
  @StaffRead() staff() {}
  @MetricsReader() metrics() {}
  undecorated() {}
}

@MemberOnly()
class MemberRoutes {
  anything() {}
  @Public() exception() {}
}

/** Sessions by cookie value: a session store reduced to the one question the guard asks it. */
function sessions(known: Record<string, Actor>): SessionStore {
  return {
    authenticate: async (token: unknown, audience: SessionAudience) => {
      const actor = typeof token === 'string' ? known[token] : undefined;
      return actor?.audience === audience ? { hasSecondFactor: true, ...actor } : undefined;
    },
  } as unknown as SessionStore;
}

const actors: Record<string, Actor> = {
  member: { userId: 'm', role: 'member', sessionId: 's1', audience: 'member' },
  admin: { userId: 'a', role: 'admin', sessionId: 's2', audience: 'admin' },
  auditor: { userId: 'u', role: 'auditor', sessionId: 's3', audience: 'admin' },
};

function context(
  controller: object,
  handler: string,
  cookies: Record<string, string> = {},
  headers: Record<string, string> = {},
): ExecutionContext {
  const type = controller.constructor as new () => object;
  const request = { cookies, headers };
  return {
    getClass: () => type,
    getHandler: () => (type.prototype as Record<string, unknown>)[handler],
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

const METRICS_TOKEN = 'scraper-token-0123456789abcdefghijklmnop';

const guard = new AccessGuard(new Reflector(), new SessionAccess(sessions(actors)), {
  metricsToken: METRICS_TOKEN,
} as ApiConfig);
const allowed = (ctx: ExecutionContext) => guard.canActivate(ctx);

describe('AccessGuard', () => {
  it('lets anyone through a public route', async () => {
    await expect(allowed(context(new Routes(), 'open'))).resolves.toBe(true);
  });

  it('refuses a route that states no rule, and says so in the log', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    await expect(allowed(context(new Routes(), 'undecorated'))).rejects.toThrow(ForbiddenException);
    expect(logged).toHaveBeenCalledWith('Routes.undecorated states no access rule');
    logged.mockRestore();
  });

  it('takes the rule of the controller unless the handler states its own', async () => {
    await expect(allowed(context(new MemberRoutes(), 'anything'))).rejects.toThrow(UnauthorizedException);
    await expect(allowed(context(new MemberRoutes(), 'exception'))).resolves.toBe(true);
  });

  it.each([
    ['member', 'member', 'pass', { ls_member: 'member' }],
    ['member', 'nothing', 401, {}],
    ['member', 'an admin session', 403, { ls_admin: 'admin' }],
    ['member', 'an admin token in the member cookie', 401, { ls_member: 'admin' }],
    ['admin', 'admin', 'pass', { ls_admin: 'admin' }],
    ['admin', 'auditor', 403, { ls_admin: 'auditor' }],
    ['admin', 'a member session', 403, { ls_member: 'member' }],
    ['admin', 'nothing', 401, {}],
    ['staff', 'auditor', 'pass', { ls_admin: 'auditor' }],
    ['staff', 'admin', 'pass', { ls_admin: 'admin' }],
    ['staff', 'a member session', 403, { ls_member: 'member' }],
    ['metrics', 'admin', 'pass', { ls_admin: 'admin' }],
    ['metrics', 'auditor', 403, { ls_admin: 'auditor' }],
    ['metrics', 'a member session', 403, { ls_member: 'member' }],
    ['metrics', 'nothing', 401, {}],
    ['metrics', 'the metrics token', 'pass', {}, { authorization: `Bearer ${METRICS_TOKEN}` }],
    ['metrics', 'another token', 401, {}, { authorization: `Bearer ${METRICS_TOKEN}x` }],
    ['metrics', 'the token without its scheme', 401, {}, { authorization: METRICS_TOKEN }],
    ['admin', 'the metrics token', 401, {}, { authorization: `Bearer ${METRICS_TOKEN}` }],
  ] as const)(
    '%s routes, called with %s: %s',
    async (route, _, expected, cookies, headers: Record<string, string> = {}) => {
      const outcome = allowed(context(new Routes(), route, cookies, headers));

      if (expected === 'pass') await expect(outcome).resolves.toBe(true);
      else await expect(outcome).rejects.toMatchObject({ status: expected });
    },
  );
});

describe('AccessGuard, for staff without a second factor', () => {
  class StaffRoutes {
    @AdminOnly() confirmDeposit() {}
    @StaffRead() readLedger() {}
    @Staff() @BeforeSecondFactorSetup() security() {}
    @StaffRead() @BeforeSecondFactorSetup() profile() {}
    @MemberOnly() dashboard() {}
  }

  const withoutFactor: SessionStore = {
    authenticate: async (token: unknown, audience: SessionAudience) => {
      const actor = typeof token === 'string' ? actors[token] : undefined;
      return actor?.audience === audience ? { ...actor, hasSecondFactor: false } : undefined;
    },
  } as unknown as SessionStore;
  const setupGuard = new AccessGuard(new Reflector(), new SessionAccess(withoutFactor), {} as ApiConfig);

  it.each([
    ['confirmDeposit', 'admin'],
    ['readLedger', 'admin'],
    ['readLedger', 'auditor'],
  ] as const)('refuses %s to the %s with 403 "Set up two-step verification first"', async (route, staff) => {
    const outcome = setupGuard.canActivate(context(new StaffRoutes(), route, { ls_admin: staff }));

    await expect(outcome).rejects.toThrow(ForbiddenException);
    await expect(outcome).rejects.toThrow(twoFactorMessages.setUpFirst);
  });

  it.each([
    ['security', 'admin'],
    ['security', 'auditor'],
    ['profile', 'auditor'],
  ] as const)('lets the %s route through for the %s, to set one up', async (route, staff) => {
    await expect(
      setupGuard.canActivate(context(new StaffRoutes(), route, { ls_admin: staff })),
    ).resolves.toBe(true);
  });

  it('asks nothing of members, whose second factor is their choice', async () => {
    await expect(
      setupGuard.canActivate(context(new StaffRoutes(), 'dashboard', { ls_member: 'member' })),
    ).resolves.toBe(true);
  });
});

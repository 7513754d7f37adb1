import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import { ApiRoutes } from './api-docs/index.js';
import type { AccessRule } from './shared/auth/access.decorators.js';
import {
  activeMember,
  PUBLIC_URL,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from './testing/identity-test-app.js';
import { nestRoutes } from './testing/registered-routes.js';

type Caller = 'nobody' | 'member' | 'admin' | 'auditor';

/**
 * What each kind of caller gets from a route of each access rule: the status, or "through" the guard. Public
 * routes are called without a session only: with one, the logout routes would end the sessions the rest use.
 */
const EXPECTED: Record<AccessRule, Partial<Record<Caller, 401 | 403 | 'through'>>> = {
  public: { nobody: 'through' },
  member: { nobody: 401, member: 'through', admin: 403, auditor: 403 },
  admin: { nobody: 401, member: 403, admin: 'through', auditor: 403 },
  'staff-read': { nobody: 401, member: 403, admin: 'through', auditor: 'through' },
  staff: { nobody: 401, member: 403, admin: 'through', auditor: 'through' },
  'metrics-reader': { nobody: 401, member: 403, admin: 'through', auditor: 403 },
};

// Started before the tests are collected: the routes to call are those the running api gathered.
const testApp: IdentityTestApp = await startIdentityTestApp('access_matrix', {
  RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
  RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
  RATE_LIMIT_FORGOT_PER_IP_HOUR: '1000',
});
const apiRoutes = testApp.app.get(ApiRoutes).registered();
const callers = {} as Record<Caller, () => TestAgent>;

beforeAll(async () => {
  const member = await signedIn(testApp, await activeMember(testApp));
  const admin = await staffSignedIn(testApp, 'admin');
  const auditor = await staffSignedIn(testApp, 'auditor');
  callers.nobody = () => testApp.browser();
  callers.member = () => member;
  callers.admin = () => admin.browser;
  callers.auditor = () => auditor.browser;
});

afterAll(async () => {
  await testApp.close();
});

/** A concrete URL for a route's path: ids are uuids nobody has, other parameters a placeholder. */
function url(path: string): string {
  return path.replace(/\{id\}/g, randomUUID()).replace(/\{[^}]+\}/g, 'placeholder');
}

describe('every route Nest registers', () => {
  it('is in the route table with the access rule its controller states', () => {
    const registered = nestRoutes(testApp.app).map(({ method, path, access }) => ({ method, path, access }));
    const table = apiRoutes.map(({ method, path, access }) => ({ method, path, access }));

    const byKey = (route: { method: string; path: string }) => `${route.method} ${route.path}`;
    expect(registered.sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual(
      table.sort((a, b) => byKey(a).localeCompare(byKey(b))),
    );
  });

  describe.each(apiRoutes.map((route) => [`${route.method.toUpperCase()} ${route.path}`, route] as const))(
    '%s',
    (_, route) => {
      it.each(Object.entries(EXPECTED[route.access]) as [Caller, 401 | 403 | 'through'][])(
        'called by %s: %s',
        async (caller, expected) => {
          const response = await callers[caller]()[route.method](url(route.path)).send({});

          if (expected === 'through') expect([401, 403]).not.toContain(response.status);
          else expect(response.status).toBe(expected);
        },
      );
    },
  );
});

describe('Bull Board, an express router outside Nest', () => {
  const reads = ['/api/admin/queues', '/api/admin/queues/api/queues'];
  // A queue that does not exist: the board answers 404 to whoever gets through.
  const change = '/api/admin/queues/api/queues/no-such-queue/retry/failed';

  it.each([
    ['nobody', 401, 401],
    ['member', 403, 403],
    ['auditor', 'through', 403],
    ['admin', 'through', 'through'],
  ] as const)('called by %s: reads %s, changes %s', async (caller, read, write) => {
    for (const path of reads) {
      const response = await callers[caller]().get(path);
      if (read === 'through') expect(response.status).toBe(200);
      else expect(response.status).toBe(read);
    }
    const response = await callers[caller]().put(change).set('Origin', PUBLIC_URL);
    if (write === 'through') expect(response.status).toBe(404);
    else expect(response.status).toBe(write);
  });
});

import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  activeMember,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';
import { HealthService, READINESS_CACHE_MS } from './health.service.js';

let testApp: IdentityTestApp;
/** How many times the backing services were checked. */
let runs = 0;

beforeAll(async () => {
  // No object storage or SMTP here: the api is up but not ready, which is what the report then says.
  testApp = await startIdentityTestApp('health_access');
  const health = testApp.app.get(HealthService);
  const check = health.check.bind(health);
  health.check = () => {
    runs += 1;
    return check();
  };
});

afterAll(async () => {
  await testApp?.close();
});

describe('GET /api/health', () => {
  it('shows each check to an admin and an auditor', async () => {
    for (const role of ['admin', 'auditor'] as const) {
      const { browser } = await staffSignedIn(testApp, role);

      const response = await browser.get('/api/health');

      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        status: 'degraded',
        checks: {
          postgres: expect.objectContaining({ status: 'up' }),
          redis: expect.objectContaining({ status: 'up' }),
          objectStorage: expect.objectContaining({ status: expect.any(String) }),
          smtp: expect.objectContaining({ status: 'down' }),
        },
      });
    }
  });

  it('shows only the status to a member and to a stranger', async () => {
    const member = await signedIn(testApp, await activeMember(testApp));

    for (const client of [member, testApp.bare()]) {
      const response = await client.get('/api/health');

      expect(response.status).toBe(503);
      expect(response.body).toEqual({ status: 'degraded' });
    }
  });

  it(`checks the services once for every request in ${READINESS_CACHE_MS / 1000} s`, async () => {
    // The service's clock is held just past the window of the earlier tests' run: every request below then comes
    // within one window, however long a busy machine takes over them (real time could carry the last into the next).
    const heldAt = Date.now() + READINESS_CACHE_MS;
    const clock = jest.spyOn(Date, 'now').mockReturnValue(heldAt);
    try {
      const before = runs;

      const answers = await Promise.all(Array.from({ length: 10 }, () => testApp.bare().get('/api/health')));
      await testApp.bare().get('/api/health');

      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(503));
      expect(runs - before).toBe(1);

      // And once the window has passed, the next request checks them again.
      clock.mockReturnValue(heldAt + READINESS_CACHE_MS);
      await testApp.bare().get('/api/health');
      expect(runs - before).toBe(2);
    } finally {
      clock.mockRestore();
    }
  });
});

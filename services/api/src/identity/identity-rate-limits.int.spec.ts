import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages } from '@ledgerstone/contracts';
import {
  activeMember,
  member,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';

let testApp: IdentityTestApp;
let clients = 0;

beforeAll(async () => {
  // Small limits; each test speaks from an address of its own through the one trusted proxy hop.
  testApp = await startIdentityTestApp('identity_limits', {
    TRUST_PROXY_HOPS: '1',
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '2',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '3',
    RATE_LIMIT_VERIFY_PER_IP_HOUR: '2',
    RATE_LIMIT_FORGOT_PER_ACCOUNT_HOUR: '2',
    RATE_LIMIT_FORGOT_PER_IP_HOUR: '3',
  });
});

afterAll(async () => {
  await testApp?.close();
});

/** A browser at an address no other test uses. */
function client() {
  clients += 1;
  return testApp.browser().set('X-Forwarded-For', `198.51.100.${clients}`);
}

function expectRefused(
  response: { status: number; headers: Record<string, string>; body: unknown },
  window: number,
) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(window - 10);
  expect(seconds).toBeLessThanOrEqual(window);
  expect(response.body).toEqual({ message: `Too many attempts, please try again in ${seconds} seconds.` });
}

describe('login', () => {
  it('allows the configured attempts a minute per address, then 429 with Retry-After', async () => {
    const browser = client();
    const attempt = () =>
      browser.post('/api/user/login').send({ email: 'nobody@example.test', password: 'guess' });
    for (let n = 1; n <= 3; n++) expect((await attempt()).status).toBe(401);

    expectRefused(await attempt(), 60);
  });
});

describe('passkey sign-in', () => {
  it('counts the options of "Sign in with a passkey" as login attempts of the address, then 429', async () => {
    const browser = client();
    for (let n = 1; n <= 3; n++) await browser.post('/api/user/passkey-login/options').expect(200);

    expectRefused(await browser.post('/api/user/passkey-login/options'), 60);
    expectRefused(await browser.post('/api/user/login').send({ email: 'a@example.test', password: 'x' }), 60);
    await client().post('/api/user/passkey-login/options').expect(200);
  });
});

describe('signup', () => {
  it('allows the configured signups an hour per address', async () => {
    const browser = client();
    await browser.post('/api/user').send(member()).expect(201);
    await browser.post('/api/user').send(member()).expect(201);

    expectRefused(await browser.post('/api/user').send(member()), 3600);
    await client().post('/api/user').send(member()).expect(201);
  });
});

describe('verify', () => {
  it('allows the configured attempts an hour per address', async () => {
    const browser = client();
    await browser.post('/api/user').send(member()).expect(201);
    await browser.patch('/api/user/verify').send({ verifyCode: '000000' });
    await browser.patch('/api/user/verify').send({ verifyCode: '000001' });

    expectRefused(await browser.patch('/api/user/verify').send({ verifyCode: '000002' }), 3600);
  });
});

describe('forgot password', () => {
  it('allows the configured requests an hour per account, known or not, with the same answers', async () => {
    const known = await activeMember(testApp, {}, client());
    const ask = (email: string) => client().post('/api/user/forget-pass').send({ email });
    for (const email of [known.email, 'unknown.one@example.test']) {
      await ask(email).expect(200, { message: identityMessages.forgotPassword });
      await ask(email).expect(200);
    }

    const forKnown = await ask(known.email);
    const forUnknown = await ask('unknown.one@example.test');

    expectRefused(forKnown, 3600);
    expectRefused(forUnknown, 3600);
  });

  it('allows the configured requests an hour per address', async () => {
    const browser = client();
    for (let n = 1; n <= 3; n++) {
      await browser
        .post('/api/user/forget-pass')
        .send({ email: `someone.${n}@example.test` })
        .expect(200);
    }

    expectRefused(
      await browser.post('/api/user/forget-pass').send({ email: 'someone.4@example.test' }),
      3600,
    );
  });
});

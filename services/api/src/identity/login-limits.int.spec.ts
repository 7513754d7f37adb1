import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages } from '@ledgerstone/contracts';
import { PasswordHasher } from './application/password-hasher.js';
import {
  activeMember,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';

const HARD = 10;
const PER_ADDRESS = 30;
const PER_ACCOUNT = 15;
const PASSWORD_CHANGES = 3;

let testApp: IdentityTestApp;
let addresses = 0;
/** Passwords the api checked (hashes it compared), right or wrong. */
let checked = 0;

beforeAll(async () => {
  // Each test speaks from addresses of its own through the one trusted proxy hop; the per-minute burst limit
  // is out of the way so the failure limits show.
  testApp = await startIdentityTestApp('identity_login_limits', {
    TRUST_PROXY_HOPS: '1',
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_VERIFY_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP: String(HARD),
    RATE_LIMIT_LOGIN_FAILURES_PER_IP_HOUR: String(PER_ADDRESS),
    RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_DAY: String(PER_ACCOUNT),
    RATE_LIMIT_PASSWORD_CHANGE_FAILURES_HOUR: String(PASSWORD_CHANGES),
  });
  const hasher = testApp.app.get(PasswordHasher);
  const verify = hasher.verify.bind(hasher);
  const verifyForNobody = hasher.verifyForNobody.bind(hasher);
  hasher.verify = (hash, password) => {
    checked += 1;
    return verify(hash, password);
  };
  hasher.verifyForNobody = (password) => {
    checked += 1;
    return verifyForNobody(password);
  };
});

afterAll(async () => {
  await testApp?.close();
});

/** An address no other call of this file uses. */
function newAddress(): string {
  addresses += 1;
  return `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
}

function from(address: string) {
  return testApp.browser().set('X-Forwarded-For', address);
}

function login(address: string, email: string, password: string, audience: 'user' | 'admin' = 'user') {
  return from(address).post(`/api/${audience}/login`).send({ email, password });
}

function expectRefused(response: { status: number; headers: Record<string, string> }, window: number) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  // The window started at the first counted attempt; password hashing on a busy machine takes a while.
  expect(seconds).toBeGreaterThan(window * 0.9);
  expect(seconds).toBeLessThanOrEqual(window);
}

describe('wrong passwords for one account from one address', () => {
  it(`sent 20 at once, at most ${HARD} are checked; the rest are refused with 429`, async () => {
    const owner = await activeMember(testApp, {}, from(newAddress()));
    const address = newAddress();
    const before = checked;

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(address, owner.email, 'wrong password 1')),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(HARD);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - HARD);
    expect(checked - before).toBe(HARD);
    // Even the right password waits now, from this address.
    expectRefused(await login(address, owner.email, owner.password), 900);
  });

  it('count the same for an address nobody has', async () => {
    const address = newAddress();
    for (let n = 1; n <= HARD; n++) {
      await login(address, 'ghost@example.test', 'wrong').expect(401, {
        message: identityMessages.badCredentials,
      });
    }

    expectRefused(await login(address, 'ghost@example.test', 'wrong'), 900);
  });

  it('start afresh after a successful login', async () => {
    const owner = await activeMember(testApp, {}, from(newAddress()));
    const address = newAddress();
    for (let n = 1; n < HARD; n++) await login(address, owner.email, 'wrong').expect(401);

    await login(address, owner.email, owner.password).expect(200);

    for (let n = 1; n <= HARD; n++) await login(address, owner.email, 'wrong').expect(401);
    expectRefused(await login(address, owner.email, 'wrong'), 900);
  });
});

describe('nobody can lock the owner out', () => {
  it("wrong passwords from other addresses leave the owner's address open", async () => {
    const owner = await activeMember(testApp, {}, from(newAddress()));
    const home = newAddress();
    await login(home, owner.email, owner.password).expect(200);

    // The attacker's own address meets the hard limit, so they spread their guesses over many.
    const attacker = newAddress();
    for (let n = 1; n <= HARD; n++) await login(attacker, owner.email, 'guess').expect(401);
    expectRefused(await login(attacker, owner.email, 'guess'), 900);
    for (let n = HARD + 1; n <= PER_ACCOUNT; n++) await login(newAddress(), owner.email, 'guess').expect(401);

    // The account's own limit now holds back every address it does not know, for a day...
    expectRefused(await login(newAddress(), owner.email, 'guess'), 86_400);
    expectRefused(await login(newAddress(), owner.email, owner.password), 86_400);
    // ...but not the address the owner signs in from.
    await login(home, owner.email, owner.password).expect(200);
    await login(home, owner.email, 'a typo').expect(401);
    await login(home, owner.email, owner.password).expect(200);
  });

  it('one address guessing across many accounts meets its own limit after ' + PER_ADDRESS, async () => {
    const address = newAddress();
    for (let n = 1; n <= PER_ADDRESS; n++) {
      await login(address, `sprayed.${n}@example.test`, 'Summer2026!').expect(401);
    }

    expectRefused(await login(address, 'sprayed.31@example.test', 'Summer2026!'), 3600);
    await login(newAddress(), 'sprayed.31@example.test', 'Summer2026!').expect(401);
  });
});

describe('member and admin logins count apart', () => {
  it("wrong passwords at the member login do not hold back the same address's admin login", async () => {
    const staff = await staffSignedIn(testApp, 'admin');
    const address = newAddress();
    for (let n = 1; n <= HARD; n++) await login(address, staff.email, 'wrong').expect(401);
    expectRefused(await login(address, staff.email, staff.password), 900);

    await login(address, staff.email, staff.password, 'admin').expect(200);
  });

  it('nor the reverse', async () => {
    const owner = await activeMember(testApp, {}, from(newAddress()));
    const address = newAddress();
    for (let n = 1; n <= HARD; n++) await login(address, owner.email, 'wrong', 'admin').expect(401);
    expectRefused(await login(address, owner.email, 'wrong', 'admin'), 900);

    await login(address, owner.email, owner.password).expect(200);
  });
});

describe('changing the password', () => {
  const change = (browser: ReturnType<typeof testApp.browser>, current: string) =>
    browser
      .patch('/api/user/pass')
      .send({ current_password: current, new_password: 'a brand new passphrase 2026' });

  it(`allows ${PASSWORD_CHANGES} wrong current passwords an hour, then 429 even for the right one`, async () => {
    const owner = await activeMember(testApp, {}, from(newAddress()));
    const browser = await signedIn(testApp, owner);
    for (let n = 1; n <= PASSWORD_CHANGES; n++) {
      const wrong = await change(browser, `wrong ${n}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.fieldErrors).toEqual({ current_password: [identityMessages.currentPasswordWrong] });
    }

    expectRefused(await change(browser, owner.password), 3600);
  });

  it('counts for each account alone, and a success clears the count', async () => {
    const owner = await activeMember(testApp, {}, from(newAddress()));
    const browser = await signedIn(testApp, owner);
    for (let n = 1; n < PASSWORD_CHANGES; n++) expect((await change(browser, 'wrong')).status).toBe(400);

    await change(browser, owner.password).expect(200);

    for (let n = 1; n <= PASSWORD_CHANGES; n++) expect((await change(browser, 'wrong')).status).toBe(400);
  });
});

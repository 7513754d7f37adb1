import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testRedisPrefix } from '@ledgerstone/eventstore';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RateLimits } from './rate-limits.js';
import { defaultRateLimitConfig, loadRateLimitConfig, type RateLimitConfig } from './rate-limits.config.js';
import { ConfigError } from '../config/config.js';
import { TooManyAttempts } from './too-many-attempts.error.js';

const HOUR = 3600;
const prefix = `${testRedisPrefix('rate-limits')}:rl`;
let redis: Redis;
let run = 0;

/** Small limits with the real windows, under a key prefix no other test shares. */
function rateLimits(overrides: Partial<RateLimitConfig> = {}, keyPrefix = `${prefix}:${++run}`): RateLimits {
  const three = { points: 3, windowSeconds: HOUR };
  const config: RateLimitConfig = {
    signupPerIp: three,
    loginPerIp: three,
    loginFailuresPerAccountIp: three,
    loginFailuresPerIp: three,
    loginFailuresPerAccount: three,
    passwordChangeFailuresPerAccount: three,
    verifyPerIp: three,
    resendPerAccount: three,
    forgotPasswordPerAccount: three,
    forgotPasswordPerIp: three,
    depositsPerMember: three,
    ...overrides,
  };
  return new RateLimits(redis, keyPrefix, config);
}

async function refusal(attempt: Promise<unknown>): Promise<TooManyAttempts> {
  const error = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof TooManyAttempts)) throw new Error(`Expected TooManyAttempts, got ${String(error)}`);
  return error;
}

async function keysUnder(keyPrefix: string): Promise<string[]> {
  return redis.keys(`${keyPrefix}*`);
}

beforeAll(() => {
  redis = new Redis('redis://127.0.0.1:6379');
});

afterAll(async () => {
  const keys = await keysUnder(prefix);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

describe('each limit lets exactly its number of attempts through', () => {
  const limitedAttempts: [string, (limits: RateLimits, n: number) => Promise<void>][] = [
    ['signup per IP', (limits) => limits.signup('203.0.113.7')],
    [
      'login per IP',
      (limits, n) =>
        limits.loginAttempt('member', `member${n}@example.com`, '203.0.113.7').then(() => undefined),
    ],
    [
      'login failures per account and IP',
      (limits) => limits.loginAttempt('member', 'member@example.com', '203.0.113.7').then(() => undefined),
    ],
    ['password change failures per account', (limits) => limits.passwordChangeAttempt('5b0c6c53')],
    ['verify per IP', (limits) => limits.verifyAttempt('203.0.113.7')],
    ['resend per account', (limits) => limits.resend('5b0c6c53-0f5e-4c1e-9c7a-1f3f5e0d8a11')],
    ['forgot password per IP', (limits, n) => limits.forgotPassword('203.0.113.7', `member${n}@example.com`)],
    [
      'forgot password per account',
      (limits, n) => limits.forgotPassword(`203.0.113.${n}`, 'member@example.com'),
    ],
    [
      'deposit requests per member',
      (limits) => limits.depositRequest('5b0c6c53-0f5e-4c1e-9c7a-1f3f5e0d8a11'),
    ],
  ];

  it.each(limitedAttempts)('%s', async (_, attempt) => {
    const limits = rateLimits();
    for (let n = 1; n <= 3; n++) await attempt(limits, n);

    const refused = await refusal(attempt(limits, 4));

    expect(refused.retryAfterSeconds).toBeGreaterThan(HOUR - 10);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(HOUR);
  });

  it('forgot password refused by both limits waits for the later window', async () => {
    const limits = rateLimits({
      forgotPasswordPerIp: { points: 1, windowSeconds: HOUR },
      forgotPasswordPerAccount: { points: 1, windowSeconds: 60 },
    });
    await limits.forgotPassword('203.0.113.7', 'member@example.com');

    const refused = await refusal(limits.forgotPassword('203.0.113.7', 'member@example.com'));

    expect(refused.retryAfterSeconds).toBeGreaterThan(HOUR - 10);
  });

  it('the defaults from the issue, by example: one resend a minute', async () => {
    const limits = new RateLimits(redis, `${prefix}:${++run}`, defaultRateLimitConfig);
    await limits.resend('5b0c6c53-0f5e-4c1e-9c7a-1f3f5e0d8a11');

    const refused = await refusal(limits.resend('5b0c6c53-0f5e-4c1e-9c7a-1f3f5e0d8a11'));

    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe('limits are kept apart', () => {
  it('per IP', async () => {
    const limits = rateLimits();
    for (let n = 1; n <= 3; n++) await limits.signup('203.0.113.7');
    await refusal(limits.signup('203.0.113.7'));

    await expect(limits.signup('203.0.113.8')).resolves.toBeUndefined();
    await expect(limits.signup('2001:db8::7')).resolves.toBeUndefined();
  });

  it('per route: using up logins leaves signups and verifications open', async () => {
    const limits = rateLimits({ loginFailuresPerIp: { points: 100, windowSeconds: HOUR } });
    for (let n = 1; n <= 3; n++) await limits.loginAttempt('member', `m${n}@example.com`, '203.0.113.7');
    await refusal(limits.loginAttempt('member', 'm4@example.com', '203.0.113.7'));

    await expect(limits.signup('203.0.113.7')).resolves.toBeUndefined();
    await expect(limits.verifyAttempt('203.0.113.7')).resolves.toBeUndefined();
  });
});

describe('login', () => {
  /** Limits where only `which` can refuse within these tests. */
  function only(which: keyof RateLimitConfig, points = 3): RateLimits {
    const roomy = { points: 1000, windowSeconds: HOUR };
    return rateLimits({
      loginPerIp: roomy,
      loginFailuresPerAccountIp: roomy,
      loginFailuresPerIp: roomy,
      loginFailuresPerAccount: roomy,
      [which]: { points, windowSeconds: HOUR },
    });
  }

  const attempt = (limits: RateLimits, email: string, ip: string) =>
    limits.loginAttempt('member', email, ip).then(() => undefined);

  it('counts an attempt before the password is checked, atomically: of 20 at once, 3 pass', async () => {
    const limits = only('loginFailuresPerAccountIp');

    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () => limits.loginAttempt('member', 'member@example.com', '203.0.113.7')),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(TooManyAttempts);
    }
  });

  it('the hard limit is per account and address: another address or account is not held back', async () => {
    const limits = only('loginFailuresPerAccountIp');
    for (let n = 1; n <= 3; n++) await attempt(limits, 'member@example.com', '203.0.113.7');
    await refusal(attempt(limits, 'member@example.com', '203.0.113.7'));

    await expect(attempt(limits, 'member@example.com', '203.0.113.8')).resolves.toBeUndefined();
    await expect(attempt(limits, 'other@example.com', '203.0.113.7')).resolves.toBeUndefined();
  });

  it('one address trying many accounts meets its own limit', async () => {
    const limits = only('loginFailuresPerIp');
    for (let n = 1; n <= 3; n++) await attempt(limits, `m${n}@example.com`, '203.0.113.7');

    await refusal(attempt(limits, 'm4@example.com', '203.0.113.7'));
    await expect(attempt(limits, 'm4@example.com', '203.0.113.8')).resolves.toBeUndefined();
  });

  it('the account limit holds back every address but one that signed in to the account before', async () => {
    const limits = only('loginFailuresPerAccount');
    await limits.loginSucceeded(await limits.loginAttempt('member', 'member@example.com', '198.51.100.1'));
    for (let n = 1; n <= 3; n++) await attempt(limits, 'member@example.com', `203.0.113.${n}`);

    const refused = await refusal(attempt(limits, 'member@example.com', '203.0.113.9'));
    expect(refused.retryAfterSeconds).toBeGreaterThan(HOUR - 10);
    const fromOwner = await limits.loginAttempt('member', 'member@example.com', '198.51.100.1');
    expect(fromOwner.countedForAccount).toBe(false);
  });

  it('member and admin logins count apart', async () => {
    const limits = only('loginFailuresPerAccountIp');
    for (let n = 1; n <= 3; n++) await attempt(limits, 'staff@example.com', '203.0.113.7');
    await refusal(attempt(limits, 'staff@example.com', '203.0.113.7'));

    await expect(limits.loginAttempt('admin', 'staff@example.com', '203.0.113.7')).resolves.toBeDefined();
  });

  it('a right password starts the hard count of its account and address afresh', async () => {
    const limits = only('loginFailuresPerAccountIp');
    await attempt(limits, 'member@example.com', '203.0.113.7');
    await attempt(limits, 'member@example.com', '203.0.113.7');

    await limits.loginSucceeded(await limits.loginAttempt('member', 'member@example.com', '203.0.113.7'));

    for (let n = 1; n <= 3; n++) await attempt(limits, 'member@example.com', '203.0.113.7');
    await refusal(attempt(limits, 'member@example.com', '203.0.113.7'));
  });

  it("a right password is no failure in the address's and the account's counts", async () => {
    for (const which of ['loginFailuresPerIp', 'loginFailuresPerAccount'] as const) {
      const limits = only(which);
      await attempt(limits, 'member@example.com', '203.0.113.7');
      await attempt(limits, 'member@example.com', '203.0.113.7');
      await limits.loginSucceeded(await limits.loginAttempt('member', 'member@example.com', '203.0.113.7'));

      // Two failures so far, so one more passes. The account's limit leaves the address that signed in alone.
      const next = which === 'loginFailuresPerIp' ? '203.0.113.7' : '203.0.113.8';
      await attempt(limits, 'member@example.com', next);
      await refusal(attempt(limits, 'member@example.com', next));
    }
  });

  it('one account under another spelling of its e-mail shares its counter', async () => {
    const limits = only('loginFailuresPerAccountIp');
    for (let n = 1; n <= 3; n++) await attempt(limits, 'member@example.com', '203.0.113.7');

    await refusal(attempt(limits, ' Member@Example.COM', '203.0.113.7'));
  });

  it('password changes: a success clears the count of that account', async () => {
    const limits = rateLimits();
    for (let n = 1; n <= 3; n++) await limits.passwordChangeAttempt('user-1');
    await refusal(limits.passwordChangeAttempt('user-1'));
    await expect(limits.passwordChangeAttempt('user-2')).resolves.toBeUndefined();

    await limits.passwordChangeSucceeded('user-1');

    await expect(limits.passwordChangeAttempt('user-1')).resolves.toBeUndefined();
  });
});

it('a signup notice goes to one account at most once an hour', async () => {
  const limits = rateLimits();

  expect(await limits.maySendSignupNotice('member@example.com')).toBe(true);
  expect(await limits.maySendSignupNotice('Member@example.com')).toBe(false);
  expect(await limits.maySendSignupNotice('other@example.com')).toBe(true);
});

it('a limit opens again once its window has passed', async () => {
  const limits = rateLimits({ signupPerIp: { points: 2, windowSeconds: 1 } });
  await limits.signup('203.0.113.7');
  await limits.signup('203.0.113.7');
  const refused = await refusal(limits.signup('203.0.113.7'));
  expect(refused.retryAfterSeconds).toBe(1);

  await sleep(1100);

  await expect(limits.signup('203.0.113.7')).resolves.toBeUndefined();
});

it('two instances sharing Redis share their counts, as two api processes would', async () => {
  const keyPrefix = `${prefix}:${++run}`;
  const first = rateLimits({}, keyPrefix);
  const second = rateLimits({}, keyPrefix);

  await first.signup('203.0.113.7');
  await second.signup('203.0.113.7');
  await first.signup('203.0.113.7');

  await refusal(second.signup('203.0.113.7'));
});

it('keeps no e-mail address in Redis: accounts are named by their sha256', async () => {
  const keyPrefix = `${prefix}:${++run}`;
  const limits = rateLimits({}, keyPrefix);

  await limits.loginSucceeded(await limits.loginAttempt('member', 'member@example.com', '203.0.113.7'));
  await limits.loginAttempt('admin', 'member@example.com', '203.0.113.7');
  await limits.forgotPassword('203.0.113.7', 'member@example.com');

  const hash = createHash('sha256').update('member@example.com').digest('hex');
  expect((await keysUnder(keyPrefix)).sort()).toEqual([
    `${keyPrefix}:forgot-password:account:${hash}`,
    `${keyPrefix}:forgot-password:ip:203.0.113.7`,
    `${keyPrefix}:login-failures:admin:account-ip:${hash}:203.0.113.7`,
    `${keyPrefix}:login-failures:admin:account:${hash}`,
    `${keyPrefix}:login-failures:admin:ip:203.0.113.7`,
    `${keyPrefix}:login-failures:member:account:${hash}`,
    `${keyPrefix}:login-failures:member:ip:203.0.113.7`,
    `${keyPrefix}:login:admin:ip:203.0.113.7`,
    `${keyPrefix}:login:member:ip:203.0.113.7`,
    `${keyPrefix}:login:member:known-addresses:${hash}`,
  ]);
});

it('a Redis failure is an error, never a pass and never a refusal', async () => {
  const unreachable = new Redis({
    port: 1,
    lazyConnect: true,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  const limits = new RateLimits(unreachable, `${prefix}:${++run}`, defaultRateLimitConfig);

  const error = await limits.signup('203.0.113.7').then(
    () => undefined,
    (reason: unknown) => reason,
  );

  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(TooManyAttempts);
  unreachable.disconnect();
});

describe('loadRateLimitConfig', () => {
  it('defaults to the limits of the issue', () => {
    expect(loadRateLimitConfig({})).toEqual({
      signupPerIp: { points: 20, windowSeconds: 3600 },
      loginPerIp: { points: 20, windowSeconds: 60 },
      loginFailuresPerAccountIp: { points: 10, windowSeconds: 900 },
      loginFailuresPerIp: { points: 100, windowSeconds: 3600 },
      loginFailuresPerAccount: { points: 50, windowSeconds: 86400 },
      passwordChangeFailuresPerAccount: { points: 5, windowSeconds: 3600 },
      verifyPerIp: { points: 30, windowSeconds: 3600 },
      resendPerAccount: { points: 1, windowSeconds: 60 },
      forgotPasswordPerAccount: { points: 5, windowSeconds: 3600 },
      forgotPasswordPerIp: { points: 20, windowSeconds: 3600 },
      depositsPerMember: { points: 10, windowSeconds: 3600 },
    });
    expect(defaultRateLimitConfig).toEqual(loadRateLimitConfig({}));
  });

  it('reads each limit from its own variable; empty means the default', () => {
    const config = loadRateLimitConfig({
      RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1',
      RATE_LIMIT_LOGIN_PER_IP_MINUTE: '2',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_IP: '3',
      RATE_LIMIT_LOGIN_FAILURES_PER_IP_HOUR: '4',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_DAY: '5',
      RATE_LIMIT_PASSWORD_CHANGE_FAILURES_HOUR: '6',
      RATE_LIMIT_VERIFY_PER_IP_HOUR: '7',
      RATE_LIMIT_RESEND_PER_ACCOUNT_MINUTE: '',
      RATE_LIMIT_FORGOT_PER_ACCOUNT_HOUR: '9',
      RATE_LIMIT_FORGOT_PER_IP_HOUR: '10',
      RATE_LIMIT_DEPOSITS_PER_MEMBER_HOUR: '11',
    });

    expect(Object.values(config).map((limit) => limit.points)).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 9, 10, 11]);
  });

  it.each(['abc', '0', '-3', '2.5'])('refuses %p, naming the variable', (value) => {
    const load = () => loadRateLimitConfig({ RATE_LIMIT_LOGIN_PER_IP_MINUTE: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^Invalid environment variable RATE_LIMIT_LOGIN_PER_IP_MINUTE: /);
  });
});

describe('wrong second-factor codes', () => {
  const userId = '5b0c6c53-0f5e-4c1e-9c7a-1f3f5e0d8a11';
  const limits = (perAccount = 5) =>
    new RateLimits(redis, `${prefix}:${++run}`, defaultRateLimitConfig, {
      failuresPerAccountIp: { points: 3, windowSeconds: HOUR },
      failuresPerAccount: { points: perAccount, windowSeconds: HOUR },
    });

  it('are limited per account and address, and a right code takes the count back', async () => {
    const limited = limits(100);
    for (let attempt = 0; attempt < 3; attempt += 1) await limited.secondFactorAttempt(userId, '203.0.113.7');
    await limited.secondFactorSucceeded(userId, '203.0.113.7');

    for (let attempt = 0; attempt < 3; attempt += 1) await limited.secondFactorAttempt(userId, '203.0.113.7');
    await refusal(limited.secondFactorAttempt(userId, '203.0.113.7'));
    await limited.secondFactorAttempt(userId, '198.51.100.1');
  });

  it('are limited per account across addresses, for that account only', async () => {
    const limited = limits();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await limited.secondFactorAttempt(userId, `203.0.113.${attempt}`);
    }

    const refused = await refusal(limited.secondFactorAttempt(userId, '198.51.100.1'));
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    await refusal(limited.secondFactorAttempt(userId, '198.51.100.1'));
    await limited.secondFactorAttempt('another-user', '198.51.100.1');
  });
});

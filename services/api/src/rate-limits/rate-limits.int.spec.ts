import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { testRedisPrefix } from '@ledgerstone/eventstore';
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { RateLimits } from './rate-limits.js';
import { defaultRateLimitConfig, loadRateLimitConfig, type RateLimitConfig } from './rate-limits.config.js';
import { ConfigError } from '../config.js';
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
    loginFailuresPerAccount: three,
    verifyPerIp: three,
    resendPerAccount: three,
    forgotPasswordPerAccount: three,
    forgotPasswordPerIp: three,
    ...overrides,
  };
  return new RateLimits(redis, keyPrefix, config);
}

async function refusal(attempt: Promise<void>): Promise<TooManyAttempts> {
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
    ['login per IP', (limits) => limits.loginAttempt('203.0.113.7')],
    ['verify per IP', (limits) => limits.verifyAttempt('203.0.113.7')],
    ['resend per account', (limits) => limits.resend('5b0c6c53-0f5e-4c1e-9c7a-1f3f5e0d8a11')],
    ['forgot password per IP', (limits, n) => limits.forgotPassword('203.0.113.7', `member${n}@example.com`)],
    [
      'forgot password per account',
      (limits, n) => limits.forgotPassword(`203.0.113.${n}`, 'member@example.com'),
    ],
  ];

  it.each(limitedAttempts)('%s', async (_, attempt) => {
    const limits = rateLimits();
    for (let n = 1; n <= 3; n++) await attempt(limits, n);

    const refused = await refusal(attempt(limits, 4));

    expect(refused.retryAfterSeconds).toBeGreaterThan(HOUR - 10);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(HOUR);
  });

  it('login failures per account: checked before the password, counting only failures', async () => {
    const limits = rateLimits({ loginFailuresPerAccount: { points: 3, windowSeconds: 900 } });
    for (let n = 1; n <= 3; n++) {
      await limits.loginFailuresExceeded('member@example.com');
      await limits.loginFailure('member@example.com');
    }

    const refused = await refusal(limits.loginFailuresExceeded('member@example.com'));

    expect(refused.retryAfterSeconds).toBeGreaterThan(890);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900);
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

  it('checking for login failures does not count as one', async () => {
    const limits = rateLimits();
    for (let n = 1; n <= 10; n++) await limits.loginFailuresExceeded('member@example.com');
    await limits.loginFailure('member@example.com');

    await expect(limits.loginFailuresExceeded('member@example.com')).resolves.toBeUndefined();
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

  it('per account', async () => {
    const limits = rateLimits();
    for (let n = 1; n <= 3; n++) await limits.loginFailure('first@example.com');
    await refusal(limits.loginFailuresExceeded('first@example.com'));

    await expect(limits.loginFailuresExceeded('second@example.com')).resolves.toBeUndefined();
  });

  it('per route: using up logins leaves signups and verifications open', async () => {
    const limits = rateLimits();
    for (let n = 1; n <= 3; n++) await limits.loginAttempt('203.0.113.7');
    await refusal(limits.loginAttempt('203.0.113.7'));

    await expect(limits.signup('203.0.113.7')).resolves.toBeUndefined();
    await expect(limits.verifyAttempt('203.0.113.7')).resolves.toBeUndefined();
  });

  it('one account under another spelling of its e-mail shares its counter', async () => {
    const limits = rateLimits();
    for (let n = 1; n <= 3; n++) await limits.loginFailure('member@example.com');

    await refusal(limits.loginFailuresExceeded(' Member@Example.COM'));
  });
});

it('a successful login resets the account failure counter', async () => {
  const limits = rateLimits();
  for (let n = 1; n <= 3; n++) await limits.loginFailure('member@example.com');
  await refusal(limits.loginFailuresExceeded('member@example.com'));

  await limits.loginSucceeded('member@example.com');

  await expect(limits.loginFailuresExceeded('member@example.com')).resolves.toBeUndefined();
  for (let n = 1; n <= 3; n++) await limits.loginFailure('member@example.com');
  await refusal(limits.loginFailuresExceeded('member@example.com'));
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

  await limits.loginFailure('member@example.com');
  await limits.forgotPassword('203.0.113.7', 'member@example.com');

  const hash = createHash('sha256').update('member@example.com').digest('hex');
  expect((await keysUnder(keyPrefix)).sort()).toEqual([
    `${keyPrefix}:forgot-password:account:${hash}`,
    `${keyPrefix}:forgot-password:ip:203.0.113.7`,
    `${keyPrefix}:login-failures:account:${hash}`,
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
      loginFailuresPerAccount: { points: 10, windowSeconds: 900 },
      verifyPerIp: { points: 30, windowSeconds: 3600 },
      resendPerAccount: { points: 1, windowSeconds: 60 },
      forgotPasswordPerAccount: { points: 5, windowSeconds: 3600 },
      forgotPasswordPerIp: { points: 20, windowSeconds: 3600 },
    });
    expect(defaultRateLimitConfig).toEqual(loadRateLimitConfig({}));
  });

  it('reads each limit from its own variable; empty means the default', () => {
    const config = loadRateLimitConfig({
      RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1',
      RATE_LIMIT_LOGIN_PER_IP_MINUTE: '2',
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '3',
      RATE_LIMIT_VERIFY_PER_IP_HOUR: '4',
      RATE_LIMIT_RESEND_PER_ACCOUNT_MINUTE: '',
      RATE_LIMIT_FORGOT_PER_ACCOUNT_HOUR: '6',
      RATE_LIMIT_FORGOT_PER_IP_HOUR: '7',
    });

    expect(Object.values(config).map((limit) => limit.points)).toEqual([1, 2, 3, 4, 1, 6, 7]);
  });

  it.each(['abc', '0', '-3', '2.5'])('refuses %p, naming the variable', (value) => {
    const load = () => loadRateLimitConfig({ RATE_LIMIT_LOGIN_PER_IP_MINUTE: value });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^Invalid environment variable RATE_LIMIT_LOGIN_PER_IP_MINUTE: /);
  });
});

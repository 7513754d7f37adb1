import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import {
  defaultSecondFactorLimits,
  type Limit,
  type RateLimitConfig,
  type SecondFactorLimits,
} from './rate-limits.config.js';
import { TooManyAttempts } from './too-many-attempts.error.js';

/** Member and admin logins count apart: attempts at one never hold back the other. */
export type LoginAudience = 'member' | 'admin';

/** How long an address that signed in to an account stays known to it, and how many such addresses are kept. */
export const KNOWN_ADDRESS_DAYS = 90;
export const KNOWN_ADDRESSES_KEPT = 20;

/** A notice that someone tried to sign up with an account's address goes out at most this often. */
const SIGNUP_NOTICE: Limit = { points: 1, windowSeconds: 60 * 60 };

/** What one login attempt counted; `loginSucceeded` takes it back when the password was right. */
export interface LoginAttempt {
  audience: LoginAudience;
  account: string;
  ip: string;
  /** False when the address is one the account knows: the account's own soft limit left it alone. */
  countedForAccount: boolean;
}

interface LoginLimiters {
  perIp: RateLimiterRedis;
  failuresPerAccountIp: RateLimiterRedis;
  failuresPerIp: RateLimiterRedis;
  failuresPerAccount: RateLimiterRedis;
}

/**
 * The identity routes' and deposit requests' rate limits, counted in Redis so every api instance shares them.
 * Each attempt is counted (atomically, by `consume`) before anything is checked, so concurrent attempts can
 * never get past a limit; over a limit, the method throws `TooManyAttempts`.
 */
export class RateLimits {
  private readonly signupPerIp: RateLimiterRedis;
  private readonly login: Record<LoginAudience, LoginLimiters>;
  private readonly passwordChangeFailures: RateLimiterRedis;
  private readonly secondFactorFailuresPerAccountIp: RateLimiterRedis;
  private readonly secondFactorFailuresPerAccount: RateLimiterRedis;
  private readonly verifyPerIp: RateLimiterRedis;
  private readonly resendPerAccount: RateLimiterRedis;
  private readonly forgotPasswordPerAccount: RateLimiterRedis;
  private readonly forgotPasswordPerIp: RateLimiterRedis;
  private readonly signupNotice: RateLimiterRedis;
  private readonly depositsPerMember: RateLimiterRedis;
  private readonly depositWindowSeconds: number;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    config: RateLimitConfig,
    secondFactor: SecondFactorLimits = defaultSecondFactorLimits,
  ) {
    this.signupPerIp = this.limiter('signup:ip', config.signupPerIp);
    const loginLimiters = (audience: LoginAudience): LoginLimiters => ({
      perIp: this.limiter(`login:${audience}:ip`, config.loginPerIp),
      failuresPerAccountIp: this.limiter(
        `login-failures:${audience}:account-ip`,
        config.loginFailuresPerAccountIp,
      ),
      failuresPerIp: this.limiter(`login-failures:${audience}:ip`, config.loginFailuresPerIp),
      failuresPerAccount: this.limiter(`login-failures:${audience}:account`, config.loginFailuresPerAccount),
    });
    this.login = { member: loginLimiters('member'), admin: loginLimiters('admin') };
    this.passwordChangeFailures = this.limiter(
      'password-change-failures:account',
      config.passwordChangeFailuresPerAccount,
    );
    this.secondFactorFailuresPerAccountIp = this.limiter(
      'second-factor-failures:account-ip',
      secondFactor.failuresPerAccountIp,
    );
    this.secondFactorFailuresPerAccount = this.limiter(
      'second-factor-failures:account',
      secondFactor.failuresPerAccount,
    );
    this.verifyPerIp = this.limiter('verify:ip', config.verifyPerIp);
    this.resendPerAccount = this.limiter('resend:account', config.resendPerAccount);
    this.forgotPasswordPerAccount = this.limiter('forgot-password:account', config.forgotPasswordPerAccount);
    this.forgotPasswordPerIp = this.limiter('forgot-password:ip', config.forgotPasswordPerIp);
    this.signupNotice = this.limiter('signup-notice:account', SIGNUP_NOTICE);
    this.depositsPerMember = this.limiter('deposits:account', config.depositsPerMember);
    this.depositWindowSeconds = config.depositsPerMember.windowSeconds;
  }

  async signup(ip: string): Promise<void> {
    await consume(this.signupPerIp, ip);
  }

  /**
   * Counts a login attempt as a failure before the password is checked: the address's burst limit, the hard
   * limit of this account from this address, the address's failures across accounts and, unless the address
   * signed in to the account before, the account's soft limit. A refused attempt costs no hashing, reveals
   * nothing, and counts against no further limit; a right password takes the failure back with `loginSucceeded`.
   */
  async loginAttempt(audience: LoginAudience, accountKey: string, ip: string): Promise<LoginAttempt> {
    const limiters = this.login[audience];
    await consume(limiters.perIp, ip);
    const account = accountIdentity(accountKey);
    const known = await this.isKnownAddress(audience, account, ip);
    const failures: [RateLimiterRedis, string][] = [
      [limiters.failuresPerAccountIp, `${account}:${ip}`],
      [limiters.failuresPerIp, ip],
    ];
    if (!known) failures.push([limiters.failuresPerAccount, account]);
    // One after the other, so that an attempt one limit refuses is taken back from those it passed: hammering
    // from one address cannot use up the account's limit, which would hold back the owner's new addresses.
    for (const [index, [limiter, key]] of failures.entries()) {
      try {
        await consume(limiter, key);
      } catch (error) {
        await Promise.all(failures.slice(0, index).map(([passed, passedKey]) => passed.reward(passedKey, 1)));
        throw error;
      }
    }
    return { audience, account, ip, countedForAccount: !known };
  }

  /** The password was right: the attempt was no failure, and the address becomes one the account knows. */
  async loginSucceeded({ audience, account, ip, countedForAccount }: LoginAttempt): Promise<void> {
    const limiters = this.login[audience];
    await Promise.all([
      limiters.failuresPerAccountIp.delete(`${account}:${ip}`),
      limiters.failuresPerIp.reward(ip, 1),
      countedForAccount ? limiters.failuresPerAccount.reward(account, 1) : undefined,
      this.rememberAddress(audience, account, ip),
    ]);
  }

  /** Counted before the current password is checked; `passwordChangeSucceeded` clears the count. */
  async passwordChangeAttempt(userId: string): Promise<void> {
    await consume(this.passwordChangeFailures, accountIdentity(userId));
  }

  async passwordChangeSucceeded(userId: string): Promise<void> {
    await this.passwordChangeFailures.delete(accountIdentity(userId));
  }

  /**
   * Counts a second-factor code (an app's or a recovery code) as a failure before it is checked, for the account
   * from this address and for the account from everywhere; `secondFactorSucceeded` takes it back. Passkeys
   * cannot be guessed and are not counted here.
   */
  async secondFactorAttempt(userId: string, ip: string): Promise<void> {
    const account = accountIdentity(userId);
    await consume(this.secondFactorFailuresPerAccountIp, `${account}:${ip}`);
    try {
      await consume(this.secondFactorFailuresPerAccount, account);
    } catch (error) {
      await this.secondFactorFailuresPerAccountIp.reward(`${account}:${ip}`, 1);
      throw error;
    }
  }

  async secondFactorSucceeded(userId: string, ip: string): Promise<void> {
    const account = accountIdentity(userId);
    await Promise.all([
      this.secondFactorFailuresPerAccountIp.delete(`${account}:${ip}`),
      this.secondFactorFailuresPerAccount.reward(account, 1),
    ]);
  }

  /** A passkey sign-in takes no password but counts against the address's burst limit of logins. */
  async passkeyLoginAttempt(audience: LoginAudience, ip: string): Promise<void> {
    await consume(this.login[audience].perIp, ip);
  }

  async verifyAttempt(ip: string): Promise<void> {
    await consume(this.verifyPerIp, ip);
  }

  async resend(accountId: string): Promise<void> {
    await consume(this.resendPerAccount, accountIdentity(accountId));
  }

  /**
   * Counted before the form is read, so a refused request neither holds its proof in memory nor stores it. A
   * request repeating an Idempotency-Key the member's counted request sent within the window is a retry (its
   * first answer is replayed, no second deposit made) and is not counted again. The key is remembered only once
   * its request was counted, so requests racing with one key may each be counted, never none.
   */
  async depositRequest(userId: string, idempotencyKey?: string): Promise<void> {
    const account = accountIdentity(userId);
    const counted =
      idempotencyKey === undefined
        ? undefined
        : `${this.keyPrefix}:deposits:counted-key:${account}:${createHash('sha256').update(idempotencyKey).digest('hex')}`;
    if (counted !== undefined && (await this.redis.exists(counted)) === 1) return;
    await consume(this.depositsPerMember, account);
    if (counted !== undefined) await this.redis.set(counted, '1', 'EX', this.depositWindowSeconds);
  }

  /** Whether a "someone tried to sign up with your address" notice may go to this account now (one an hour). */
  async maySendSignupNotice(accountKey: string): Promise<boolean> {
    try {
      await consume(this.signupNotice, accountIdentity(accountKey));
      return true;
    } catch (error) {
      if (error instanceof TooManyAttempts) return false;
      throw error;
    }
  }

  /** Counts against both limits at once; when both refuse, the caller waits for the later one. */
  async forgotPassword(ip: string, email: string): Promise<void> {
    await consumeAll([
      [this.forgotPasswordPerIp, ip],
      [this.forgotPasswordPerAccount, accountIdentity(email)],
    ]);
  }

  private knownAddressesKey(audience: LoginAudience, account: string): string {
    return `${this.keyPrefix}:login:${audience}:known-addresses:${account}`;
  }

  private async isKnownAddress(audience: LoginAudience, account: string, ip: string): Promise<boolean> {
    const since = Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000;
    const score = await this.redis.zscore(this.knownAddressesKey(audience, account), ip);
    return score !== null && Number(score) >= since;
  }

  /** A sorted set per account: address → when it last signed in; the newest few are kept, for 90 days. */
  private async rememberAddress(audience: LoginAudience, account: string, ip: string): Promise<void> {
    const key = this.knownAddressesKey(audience, account);
    await this.redis
      .multi()
      .zadd(key, Date.now(), ip)
      .zremrangebyrank(key, 0, -(KNOWN_ADDRESSES_KEPT + 1))
      .expire(key, KNOWN_ADDRESS_DAYS * 86_400)
      .exec();
  }

  private limiter(name: string, limit: Limit): RateLimiterRedis {
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix: `${this.keyPrefix}:${name}`,
      points: limit.points,
      duration: limit.windowSeconds,
    });
  }
}

export function createRateLimits(
  redis: Redis,
  keyPrefix: string,
  config: RateLimitConfig,
  secondFactor?: SecondFactorLimits,
): RateLimits {
  return new RateLimits(redis, keyPrefix, config, secondFactor);
}

async function consume(limiter: RateLimiterRedis, key: string): Promise<void> {
  await consumeAll([[limiter, key]]);
}

/**
 * Consumes one point of each limit at once (each atomically, in Redis). Refused by any, the caller waits for
 * the latest of the refusing windows.
 */
async function consumeAll(counts: readonly (readonly [RateLimiterRedis, string])[]): Promise<void> {
  const outcomes = await Promise.allSettled(counts.map(([limiter, key]) => limiter.consume(key)));
  const refusals: RateLimiterRes[] = [];
  for (const outcome of outcomes) {
    if (outcome.status === 'fulfilled') continue;
    // The limiter rejects with its own result when over the limit, and with an Error when Redis fails.
    if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
    refusals.push(outcome.reason);
  }
  if (refusals.length > 0) {
    throw new TooManyAttempts(Math.max(...refusals.map((refusal) => refusal.msBeforeNext)));
  }
}

/** Keys name accounts by a hash, so Redis never holds an e-mail address; spellings differing in case share one counter. */
function accountIdentity(accountKey: string): string {
  return createHash('sha256').update(accountKey.trim().toLowerCase()).digest('hex');
}

import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Limit, RateLimitConfig } from './rate-limits.config.js';
import { TooManyAttempts } from './too-many-attempts.error.js';

/**
 * The identity routes' rate limits, counted in Redis so every api instance shares them.
 * Each method consumes one attempt and throws `TooManyAttempts` when the caller is over a limit.
 */
export class RateLimits {
  private readonly signupPerIp: RateLimiterRedis;
  private readonly loginPerIp: RateLimiterRedis;
  private readonly loginFailuresPerAccount: RateLimiterRedis;
  private readonly verifyPerIp: RateLimiterRedis;
  private readonly resendPerAccount: RateLimiterRedis;
  private readonly forgotPasswordPerAccount: RateLimiterRedis;
  private readonly forgotPasswordPerIp: RateLimiterRedis;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly config: RateLimitConfig,
  ) {
    this.signupPerIp = this.limiter('signup:ip', config.signupPerIp);
    this.loginPerIp = this.limiter('login:ip', config.loginPerIp);
    this.loginFailuresPerAccount = this.limiter('login-failures:account', config.loginFailuresPerAccount);
    this.verifyPerIp = this.limiter('verify:ip', config.verifyPerIp);
    this.resendPerAccount = this.limiter('resend:account', config.resendPerAccount);
    this.forgotPasswordPerAccount = this.limiter('forgot-password:account', config.forgotPasswordPerAccount);
    this.forgotPasswordPerIp = this.limiter('forgot-password:ip', config.forgotPasswordPerIp);
  }

  async signup(ip: string): Promise<void> {
    await consume(this.signupPerIp, ip);
  }

  async loginAttempt(ip: string): Promise<void> {
    await consume(this.loginPerIp, ip);
  }

  /** Checked before the password is verified, so a locked account costs no hashing and reveals nothing. */
  async loginFailuresExceeded(accountKey: string): Promise<void> {
    const failures = await this.loginFailuresPerAccount.get(accountIdentity(accountKey));
    if (failures && failures.consumedPoints >= this.config.loginFailuresPerAccount.points) {
      throw new TooManyAttempts(failures.msBeforeNext);
    }
  }

  /** Counts one wrong password; the refusal comes from `loginFailuresExceeded` on the next attempt. */
  async loginFailure(accountKey: string): Promise<void> {
    await this.loginFailuresPerAccount.penalty(accountIdentity(accountKey));
  }

  async loginSucceeded(accountKey: string): Promise<void> {
    await this.loginFailuresPerAccount.delete(accountIdentity(accountKey));
  }

  async verifyAttempt(ip: string): Promise<void> {
    await consume(this.verifyPerIp, ip);
  }

  async resend(accountId: string): Promise<void> {
    await consume(this.resendPerAccount, accountIdentity(accountId));
  }

  /** Counts against both limits at once; when both refuse, the caller waits for the later one. */
  async forgotPassword(ip: string, email: string): Promise<void> {
    const outcomes = await Promise.allSettled([
      this.forgotPasswordPerIp.consume(ip),
      this.forgotPasswordPerAccount.consume(accountIdentity(email)),
    ]);
    const refusals: RateLimiterRes[] = [];
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') continue;
      if (!(outcome.reason instanceof RateLimiterRes)) throw outcome.reason;
      refusals.push(outcome.reason);
    }
    if (refusals.length > 0) {
      throw new TooManyAttempts(Math.max(...refusals.map((refusal) => refusal.msBeforeNext)));
    }
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

export function createRateLimits(redis: Redis, keyPrefix: string, config: RateLimitConfig): RateLimits {
  return new RateLimits(redis, keyPrefix, config);
}

async function consume(limiter: RateLimiterRedis, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (refusal) {
    // The limiter rejects with its own result when over the limit, and with an Error when Redis fails.
    if (refusal instanceof RateLimiterRes) throw new TooManyAttempts(refusal.msBeforeNext);
    throw refusal;
  }
}

/** Keys name accounts by a hash, so Redis never holds an e-mail address; spellings differing in case share one counter. */
function accountIdentity(accountKey: string): string {
  return createHash('sha256').update(accountKey.trim().toLowerCase()).digest('hex');
}

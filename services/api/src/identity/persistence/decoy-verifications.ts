import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, REDIS } from '../../shared/infrastructure/infrastructure.tokens.js';
import {
  afterWrongCode,
  checkVerificationCode,
  verificationCodeExpiry,
  type VerificationCodeCheck,
} from '../domain/verification-code.js';
import { VERIFICATION_TICKET_MINUTES } from '../domain/verification-ticket.js';

/**
 * The pending verification of a signup with an address that already has an account. That signup is answered
 * as a new one, with a ticket naming an account that does not exist; verifying or resending with that ticket
 * must then answer as for a real pending account (wrong code, locked after as many tries, expired in as long),
 * or the verify page would tell which addresses are registered. No code matches: none was sent.
 */
@Injectable()
export class DecoyVerifications {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.prefix = `${config.redisPrefix}:decoy-verification`;
  }

  /** As a signup or resend stores a new code: a fresh expiry and no wrong tries yet. */
  async issue(userId: string, now: Date): Promise<void> {
    const key = this.key(userId);
    await this.redis
      .multi()
      .del(key)
      .hset(key, { expiresAt: verificationCodeExpiry(now).getTime(), wrongAttempts: 0 })
      .pexpire(key, VERIFICATION_TICKET_MINUTES * 60_000)
      .exec();
  }

  /** What checking any code says, a wrong one counted as the real check counts it. */
  async check(userId: string, now: Date): Promise<VerificationCodeCheck> {
    const key = this.key(userId);
    const stored = await this.redis.hgetall(key);
    if (stored.expiresAt === undefined) return 'missing';
    const check = checkVerificationCode(
      {
        codeHash: randomBytes(32),
        expiresAt: new Date(Number(stored.expiresAt)),
        wrongAttempts: Number(stored.wrongAttempts ?? 0),
        consumedAt: null,
      },
      randomBytes(32),
      now,
    );
    if (check !== 'wrong') return check;
    return afterWrongCode(await this.redis.hincrby(key, 'wrongAttempts', 1));
  }

  private key(userId: string): string {
    return `${this.prefix}:${userId}`;
  }
}

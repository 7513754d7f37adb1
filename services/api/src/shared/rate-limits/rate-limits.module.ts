import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { ApiConfig } from '../config/config.js';
import { API_CONFIG, REDIS } from '../infrastructure/infrastructure.tokens.js';
import { RateLimits } from './rate-limits.js';
import type { RateLimitConfig } from './rate-limits.config.js';

export const RATE_LIMIT_CONFIG = Symbol('RateLimitConfig');

/** Provides `RateLimits` on the shared Redis connection, under `<REDIS_PREFIX>:rl`. */
@Global()
@Module({})
export class RateLimitsModule {
  static forRoot(limits: RateLimitConfig): DynamicModule {
    return {
      module: RateLimitsModule,
      providers: [
        { provide: RATE_LIMIT_CONFIG, useValue: limits },
        {
          provide: RateLimits,
          inject: [REDIS, API_CONFIG, RATE_LIMIT_CONFIG],
          useFactory: (redis: Redis, config: ApiConfig, rateLimits: RateLimitConfig) =>
            new RateLimits(redis, `${config.redisPrefix}:rl`, rateLimits, config.secondFactorLimits),
        },
      ],
      exports: [RateLimits],
    };
  }
}

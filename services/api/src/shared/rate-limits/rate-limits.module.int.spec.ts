import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { testRedisPrefix } from '@ledgerstone/eventstore';
import { Redis } from 'ioredis';
import { API_CONFIG, REDIS } from '../infrastructure/infrastructure.tokens.js';
import { RateLimits } from './rate-limits.js';
import { defaultRateLimitConfig } from './rate-limits.config.js';
import { RateLimitsModule } from './rate-limits.module.js';
import { TooManyAttempts } from './too-many-attempts.error.js';

const redisPrefix = testRedisPrefix('rate-limits-module');
const redis = new Redis('redis://127.0.0.1:6379');

@Global()
@Module({
  providers: [
    { provide: REDIS, useValue: redis },
    { provide: API_CONFIG, useValue: { redisPrefix } },
  ],
  exports: [REDIS, API_CONFIG],
})
class SharedConnections {}

let app: TestingModule;

beforeAll(async () => {
  app = await Test.createTestingModule({
    imports: [
      SharedConnections,
      RateLimitsModule.forRoot({ ...defaultRateLimitConfig, signupPerIp: { points: 1, windowSeconds: 60 } }),
    ],
  }).compile();
});

afterAll(async () => {
  await app.close();
  const keys = await redis.keys(`${redisPrefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

it('counts on the shared Redis connection under <REDIS_PREFIX>:rl with the limits it was given', async () => {
  const limits = app.get(RateLimits);

  await limits.signup('203.0.113.7');

  await expect(limits.signup('203.0.113.7')).rejects.toBeInstanceOf(TooManyAttempts);
  expect(await redis.keys(`${redisPrefix}:*`)).toEqual([`${redisPrefix}:rl:signup:ip:203.0.113.7`]);
});

import { FOUR_EYES_OFF } from '../../testing/account-steps.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, EventStore, testRedisPrefix, type TestDatabase } from '@ledgerstone/eventstore';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { loadConfig } from '../../shared/config/config.js';
import { FakeClock } from '../../shared/testing/fake-clock.js';
import { AccountCommands } from '../application/account-commands.js';
import { loadAccountState } from '../persistence/account-state-row.js';
import { accountsDatabase } from '../persistence/accounts.tables.js';
import { ACCRUAL_QUEUE, AccrualJob, DAILY_ACCRUAL, DAILY_ACCRUAL_PATTERN } from './accrual-job.js';
import { ProfitAccrual, type AccrualRun } from './profit-accrual.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisPrefix = testRedisPrefix('accrual_job');

let database: TestDatabase<unknown>;
let redis: Redis;
let queue: Queue;
let queueEvents: QueueEvents;
let eventsConnection: Redis;
const clock = new FakeClock(new Date('2026-05-11T00:05:00.000Z'));
const userId = randomUUID();
const investmentId = randomUUID();

beforeAll(async () => {
  database = await createTestDatabase('accrual_job', { maxConnections: 4 });
  const accounts = accountsDatabase(database.db);
  await accounts
    .insertInto('users')
    .values({
      id: userId,
      email: 'job.investor@example.test',
      first_name: 'Job',
      last_name: 'Investor',
      phone: null,
      password_hash: 'not used here',
      role: 'member',
      status: 'active',
      referral_code: 'ACCRJOB1',
      created_at: clock.now(),
      verified_at: clock.now(),
    })
    .execute();
  const depositId = randomUUID();
  const confirmedAt = new Date('2026-05-01T12:00:00.000Z');
  await new AccountCommands(database.db, clock, new EventStore(database.db)).execute({
    userId,
    commandType: 'Seed',
    metadata: { actorRole: 'system' },
    commands: () => [
      {
        type: 'RequestDeposit',
        data: {
          userId,
          depositId,
          plan: {
            planId: randomUUID(),
            planVersion: 1,
            planName: 'BASIC',
            percentage: '50',
            termDays: 30,
            minAmount: 1n,
            maxAmount: 10_000_000n,
          },
          amount: 150_000n,
          paymentMethodId: randomUUID(),
          proofKey: 'proofs/job',
          transactionHash: null,
          accountOpen: true,
          requestedAt: confirmedAt,
        },
      },
      {
        type: 'ConfirmDeposit',
        data: {
          userId,
          depositId,
          investmentId,
          adminId: userId,
          accountOpen: true,
          fourEyes: FOUR_EYES_OFF,
          confirmedAt,
        },
      },
    ],
    result: () => null,
  });
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(ACCRUAL_QUEUE, { connection: redis, prefix: redisPrefix });
  eventsConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  queueEvents = new QueueEvents(ACCRUAL_QUEUE, { connection: eventsConnection, prefix: redisPrefix });
  await queueEvents.waitUntilReady();
}, 30_000);

afterAll(async () => {
  await queueEvents?.close();
  await eventsConnection?.quit();
  await queue?.obliterate({ force: true });
  await queue?.close();
  await redis?.quit();
  await database?.drop();
});

function startJob(): AccrualJob {
  const config = loadConfig({ DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: redisPrefix });
  const commands = new AccountCommands(database.db, clock, new EventStore(database.db));
  return new AccrualJob(config, new ProfitAccrual(database.db, commands, clock));
}

describe('The daily accrual job', () => {
  it('schedules one run a day at 00:05 UTC, however many api processes start it', async () => {
    const first = startJob();
    const second = startJob();
    try {
      await first.start();
      await second.start();
      const schedulers = await queue.getJobSchedulers();
      expect(schedulers).toHaveLength(1);
      expect(schedulers[0]).toMatchObject({ key: DAILY_ACCRUAL, pattern: DAILY_ACCRUAL_PATTERN, tz: 'UTC' });
    } finally {
      await first.onApplicationShutdown();
      await second.onApplicationShutdown();
    }
  });

  it('accrues through yesterday by the clock when the job runs', async () => {
    const job = startJob();
    try {
      await job.start();
      const added = await queue.add(DAILY_ACCRUAL, {});
      const run = (await added.waitUntilFinished(queueEvents, 20_000)) as AccrualRun;
      // Confirmed on 2026-05-01: 2026-05-02 to 2026-05-10 are over by 2026-05-11 00:05, 25.00 each.
      expect(run).toEqual({ through: '2026-05-10', accounts: 1, accrued: 9, matured: 0, refused: 0 });
      const row = await accountsDatabase(database.db)
        .selectFrom('account_states')
        .select('state')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(loadAccountState(row.state)).toMatchObject({ profitLocked: 22_500n, invested: 150_000n });
    } finally {
      await job.onApplicationShutdown();
    }
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MAIL_QUEUE, type MailJob } from '@ledgerstone/contracts';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@ledgerstone/eventstore';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Logger } from '../logger.js';
import { MailOutboxRelay } from './mail-outbox-relay.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const silent: Logger = {
  error: () => undefined,
  warn: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

let database: TestDatabase<unknown>;
let redis: Redis;
let queue: Queue<MailJob>;

beforeAll(async () => {
  database = await createTestDatabase('projector_mail_outbox');
  redis = new Redis(REDIS_URL);
  queue = new Queue<MailJob>(MAIL_QUEUE, {
    connection: redis,
    prefix: testRedisPrefix('projector_mail_outbox'),
  });
  await queue.waitUntilReady();
});

afterAll(async () => {
  await queue?.obliterate({ force: true });
  await queue?.close();
  await redis?.quit();
  await database?.drop();
});

function adminMessage(to: string): MailJob {
  return {
    template: 'admin-message',
    to,
    data: { firstName: 'Ada', subject: 'Hello', body: 'Welcome aboard.' },
  };
}

async function recordMail(mail: MailJob, createdAt = new Date()): Promise<string> {
  const jobId = randomUUID();
  await sql`
    insert into mail_outbox (job_id, template, recipient, data, origin, created_at)
    values (${jobId}, ${mail.template}, ${mail.to}, ${JSON.stringify(mail.data)}::jsonb,
      ${mail.origin ? JSON.stringify(mail.origin) : null}::jsonb, ${createdAt})
  `.execute(database.db);
  return jobId;
}

async function outboxRow(jobId: string) {
  const { rows } = await sql<{ enqueued_at: Date | null }>`
    select enqueued_at from mail_outbox where job_id = ${jobId}
  `.execute(database.db);
  return rows[0];
}

async function jobsTo(to: string) {
  const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
  return jobs.filter((job) => job.data.to === to).sort((first, second) => first.timestamp - second.timestamp);
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('MailOutboxRelay', () => {
  it('queues pending mail oldest first under its job id, marks it, and does not queue it again', async () => {
    const to = `relay.${randomUUID()}@example.test`;
    const older = await recordMail(adminMessage(to), new Date(Date.now() - 60_000));
    const newer = await recordMail(adminMessage(to));
    const relay = new MailOutboxRelay(database.db, queue, redis, silent, { batchSize: 1 });

    expect(await relay.relayBatch()).toBe(1);
    expect(await relay.relayBatch()).toBe(1);
    expect(await relay.relayBatch()).toBe(0);

    const jobs = await jobsTo(to);
    expect(jobs.map((job) => job.id)).toEqual([older, newer]);
    expect(jobs[0]?.data).toEqual(adminMessage(to));
    expect(jobs[0]?.opts.attempts).toBe(5);
    expect((await outboxRow(older))?.enqueued_at).toBeInstanceOf(Date);
    expect((await outboxRow(newer))?.enqueued_at).toBeInstanceOf(Date);
  });

  it("gives the job the row's origin; a row written before origins existed gives a job without one", async () => {
    const to = `relay.${randomUUID()}@example.test`;
    const origin = { eventId: randomUUID(), eventType: 'AdminMessageSent', requestId: randomUUID() };
    const withOrigin = await recordMail({ ...adminMessage(to), origin }, new Date(Date.now() - 60_000));
    const without = await recordMail(adminMessage(to));
    const relay = new MailOutboxRelay(database.db, queue, redis, silent);

    await relay.relayBatch();

    const jobs = await jobsTo(to);
    const origins = new Map(jobs.map((job) => [job.id, job.data.origin]));
    expect(origins).toEqual(
      new Map([
        [withOrigin, origin],
        [without, undefined],
      ]),
    );
  });

  it('keeps a reset link or a code in the queued job only, not in the outbox row', async () => {
    const to = `relay.${randomUUID()}@example.test`;
    const reset: MailJob = {
      template: 'password-reset',
      to,
      data: { firstName: 'Ada', resetUrl: 'https://x.test/reset-password/secret', minutes: 30 },
    };
    const code: MailJob = {
      template: 'verification-code',
      to,
      data: { firstName: 'Ada', code: '042917', minutes: 10 },
    };
    const ids = [await recordMail(reset, new Date(Date.now() - 60_000)), await recordMail(code)];
    const relay = new MailOutboxRelay(database.db, queue, redis, silent);

    await relay.relayBatch();

    const jobs = await jobsTo(to);
    expect(jobs.map((job) => job.data)).toHaveLength(2);
    expect(jobs.map((job) => job.data)).toEqual(expect.arrayContaining([reset, code]));
    const { rows } = await sql<{ data: unknown }>`
      select data from mail_outbox where job_id = any(${ids}::uuid[]) order by created_at
    `.execute(database.db);
    expect(rows.map((row) => row.data)).toEqual([
      { firstName: 'Ada', minutes: 30 },
      { firstName: 'Ada', minutes: 10 },
    ]);
  });

  it('leaves a mail the api already queued as the one job of its id', async () => {
    const to = `relay.${randomUUID()}@example.test`;
    const jobId = await recordMail(adminMessage(to));
    await queue.add('admin-message', adminMessage(to), { jobId });
    const relay = new MailOutboxRelay(database.db, queue, redis, silent);

    await relay.relayBatch();

    expect((await jobsTo(to)).map((job) => job.id)).toEqual([jobId]);
    expect((await outboxRow(jobId))?.enqueued_at).toBeInstanceOf(Date);
  });

  it('keeps polling once started and queues mail recorded later', async () => {
    const relay = new MailOutboxRelay(database.db, queue, redis, silent, { pollMs: 50 });
    relay.start();
    try {
      const to = `relay.${randomUUID()}@example.test`;
      const jobId = await recordMail(adminMessage(to));

      await eventually(async () => (await jobsTo(to)).length === 1, 'the mail was not queued');
      await eventually(async () => (await outboxRow(jobId))?.enqueued_at != null, 'the row was not marked');
    } finally {
      await relay.stop();
    }
  });

  it('waits with the mail while Redis cannot be reached', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', { lazyConnect: true });
    const relay = new MailOutboxRelay(database.db, queue, unreachable, silent);
    const jobId = await recordMail(adminMessage(`relay.${randomUUID()}@example.test`));

    await expect(relay.relayBatch()).rejects.toThrow('Redis is wait');

    expect((await outboxRow(jobId))?.enqueued_at).toBeNull();
    // Queued now, so the row does not wait into the next test.
    await new MailOutboxRelay(database.db, queue, redis, silent).relayBatch();
  });

  it('deletes rows queued more than a week ago, and only those', async () => {
    const relay = new MailOutboxRelay(database.db, queue, redis, silent);
    const old = await recordMail(adminMessage(`relay.${randomUUID()}@example.test`));
    const recent = await recordMail(adminMessage(`relay.${randomUUID()}@example.test`));
    const pending = await recordMail(
      adminMessage(`relay.${randomUUID()}@example.test`),
      new Date('2020-01-01'),
    );
    await relay.relayBatch();
    await sql`update mail_outbox set enqueued_at = now() - interval '8 days' where job_id = ${old}`.execute(
      database.db,
    );
    await sql`update mail_outbox set enqueued_at = null where job_id = ${pending}`.execute(database.db);

    expect(await relay.deleteRelayed()).toBe(1);

    expect(await outboxRow(old)).toBeUndefined();
    expect(await outboxRow(recent)).toBeDefined();
    expect(await outboxRow(pending)).toBeDefined();
  });
});

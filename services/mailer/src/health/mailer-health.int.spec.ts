import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { MAIL_QUEUE, mailJobOptions, type MailJob } from '@ledgerstone/contracts';
import { testRedisPrefix } from '@ledgerstone/eventstore';
import { startHealthServer, type HealthServer } from '@ledgerstone/process-kit';
import {
  freePort,
  httpJson,
  ISO_TIME,
  logCapture,
  serviceProcesses,
  waitFor,
} from '@ledgerstone/process-kit/testing';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { startMailWorker, type MailWorker } from '../mail-worker.js';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.js';
import { mailerReadiness } from './mailer-health.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// The built service (`npx tsc -b` first), run as a process of its own.
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const up = { status: 'up', latencyMs: expect.any(Number) };

const prefix = testRedisPrefix('mailer_health');
// The job tests have a queue of their own: the health tests' workers would take their jobs.
const jobsPrefix = testRedisPrefix('mailer_logs');
let inbox: SmtpInbox;
const workers: MailWorker[] = [];
const servers: HealthServer[] = [];

beforeAll(async () => {
  inbox = await startSmtpInbox();
});

afterAll(async () => {
  for (const server of servers) await server.close();
  for (const worker of workers) await worker.close();
  const redis = new Redis(REDIS_URL);
  for (const used of [prefix, jobsPrefix]) {
    const queue = new Queue(MAIL_QUEUE, { connection: redis, prefix: used });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await redis.quit();
  await inbox?.close();
});

/** A mailer worker and its health server in this process, logging into `lines`. */
async function startMailer(env: Record<string, string> = {}) {
  const config = loadConfig({
    REDIS_URL,
    REDIS_PREFIX: prefix,
    SMTP_URL: inbox.url,
    MAIL_FROM: 'Ledgerstone <no-reply@ledgerstone.test>',
    MAIL_BACKOFF_MS: '50',
    ...env,
  });
  const capture = logCapture();
  const worker = startMailWorker(config, createLogger('debug', capture.stream));
  workers.push(worker);
  // Rejects when a worker that never reached Redis is closed.
  worker.ready.catch(() => undefined);
  const server = await startHealthServer(0, mailerReadiness(worker.checks));
  servers.push(server);
  return { worker, lines: capture.lines, url: `http://127.0.0.1:${server.port}` };
}

async function get(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const { status, body } = await httpJson(url);
  return { status, body };
}

describe('mailer health endpoints', () => {
  it('answers live, and ready with Redis, the worker and SMTP up', async () => {
    const { worker, url } = await startMailer();
    await worker.ready;

    expect(await get(`${url}/health/live`)).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(`${url}/health/ready`)).toEqual({
      status: 200,
      body: { status: 'ok', checks: { redis: up, worker: up, smtp: up } },
    });
  });

  it('stays ready while SMTP is away, reporting it: mail waits in the queue meanwhile', async () => {
    const { worker, url } = await startMailer({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    await worker.ready;

    expect(await get(`${url}/health/ready`)).toEqual({
      status: 200,
      body: {
        status: 'ok',
        checks: {
          redis: up,
          worker: up,
          smtp: { status: 'down', error: expect.stringContaining('ECONNREFUSED') },
        },
      },
    });
  });

  it('answers ready with 503 naming Redis and the worker when Redis does not answer', async () => {
    const { worker, url } = await startMailer({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` });

    const live = await get(`${url}/health/live`);
    const ready = await get(`${url}/health/ready`);
    // Closed now: a worker that never reached Redis takes a few seconds to let go of its timers.
    await worker.close();

    expect(live.status).toBe(200);
    expect(ready).toEqual({
      status: 503,
      body: {
        status: 'degraded',
        checks: {
          redis: {
            status: 'down',
            error: expect.stringMatching(/^Redis connection is (connecting|reconnecting)$/),
          },
          worker: { status: 'down', error: 'the worker has not reached its queue yet' },
          smtp: up,
        },
      },
    });
  });
});

describe('mailer job logs', () => {
  let queue: Queue<MailJob>;
  let events: QueueEvents;
  let lines: Record<string, unknown>[];
  const connections: Redis[] = [];

  beforeAll(async () => {
    const mailer = await startMailer({ REDIS_PREFIX: jobsPrefix });
    lines = mailer.lines;
    await mailer.worker.ready;
    const [queueConnection, eventsConnection] = [
      new Redis(REDIS_URL),
      new Redis(REDIS_URL, { maxRetriesPerRequest: null }),
    ];
    connections.push(queueConnection, eventsConnection);
    queue = new Queue<MailJob>(MAIL_QUEUE, { connection: queueConnection, prefix: jobsPrefix });
    events = new QueueEvents(MAIL_QUEUE, { connection: eventsConnection, prefix: jobsPrefix });
    await events.waitUntilReady();
  });

  afterAll(async () => {
    await events?.close();
    await queue?.close();
    await Promise.all(connections.map((connection) => connection.quit()));
  });

  it("names each job by id, template and origin, and never logs the recipient or the mail's data", async () => {
    const origin = { eventId: randomUUID(), eventType: 'DepositConfirmed', requestId: randomUUID() };
    const job = await queue.add(
      'deposit-confirmed',
      {
        template: 'deposit-confirmed',
        to: 'grace@example.test',
        data: { firstName: 'Grace', amount: '12.00' },
        origin,
      },
      { jobId: origin.eventId },
    );

    await job.waitUntilFinished(events, 10_000);
    const sent = await waitFor('the sent line', () => lines.find((line) => line.msg === 'mail sent'));

    expect(lines.find((line) => line.msg === 'sending mail')).toEqual({
      service: 'mailer',
      pid: process.pid,
      hostname: expect.any(String),
      level: 'debug',
      time: expect.stringMatching(ISO_TIME),
      msg: 'sending mail',
      jobId: origin.eventId,
      template: 'deposit-confirmed',
      ...origin,
      attempt: 1,
    });
    expect(sent).toEqual({
      service: 'mailer',
      pid: process.pid,
      hostname: expect.any(String),
      level: 'info',
      time: expect.stringMatching(ISO_TIME),
      msg: 'mail sent',
      jobId: origin.eventId,
      template: 'deposit-confirmed',
      ...origin,
      attempt: 1,
      messageId: expect.any(String),
    });
    expect(JSON.stringify(lines)).not.toMatch(/grace@example\.test|Grace|12\.00/);
  });

  it('logs a job that can never be sent as an error with its id and err, once', async () => {
    const requestId = randomUUID();
    const job = await queue.add(
      'verification-code',
      {
        template: 'verification-code',
        to: 'not an address',
        data: { firstName: 'Ada', code: '123456', minutes: 10 },
        origin: { requestId },
      } as MailJob,
      { jobId: requestId, attempts: 3 },
    );

    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow();
    const failed = await waitFor('the failure line', () =>
      lines.find((line) => line.jobId === requestId && line.level === 'error'),
    );

    expect(failed).toMatchObject({
      service: 'mailer',
      msg: expect.stringMatching(/^mail failed for good after attempt 1 of 3: /),
      jobId: requestId,
      template: 'verification-code',
      requestId,
      attempt: 1,
      attempts: 3,
      final: true,
      err: {
        type: 'UnrecoverableError',
        message: 'Mail template "verification-code" needs a valid recipient address',
      },
    });
    expect(failed).not.toHaveProperty('eventId');
    expect(JSON.stringify(lines)).not.toMatch(/123456|not an address/);
  });

  it('logs a failed attempt that will be retried as a warning, and the last one as an error', async () => {
    const ownPrefix = testRedisPrefix('mailer_health_retry');
    const mailer = await startMailer({
      REDIS_PREFIX: ownPrefix,
      SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
    });
    await mailer.worker.ready;
    const ownQueue = new Queue<MailJob>(MAIL_QUEUE, { connection: connections[0]!, prefix: ownPrefix });
    const jobId = randomUUID();

    try {
      await ownQueue.add(
        'password-changed',
        {
          template: 'password-changed',
          to: 'ada@example.test',
          data: {
            firstName: 'Ada',
            changedAt: new Date().toISOString(),
            forgotPasswordUrl: 'http://localhost/forgot',
          },
        },
        { ...mailJobOptions, jobId, attempts: 2 },
      );
      await waitFor('the last failure', () =>
        mailer.lines.find((line) => line.jobId === jobId && line.final === true),
      );
    } finally {
      await ownQueue.obliterate({ force: true });
      await ownQueue.close();
    }

    const failures = mailer.lines.filter((line) => line.jobId === jobId && 'final' in line);
    expect(failures).toEqual([
      expect.objectContaining({
        level: 'warn',
        msg: expect.stringMatching(/^mail failed at attempt 1 of 2, retrying: .*ECONNREFUSED/),
        template: 'password-changed',
        attempt: 1,
        attempts: 2,
        final: false,
        err: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }),
      }),
      expect.objectContaining({ level: 'error', attempt: 2, attempts: 2, final: true }),
    ]);
    expect(JSON.stringify(mailer.lines)).not.toContain('ada@example.test');
  });
});

describe('the mailer process', () => {
  const mailers = serviceProcesses({ name: 'mailer', main: MAIN, healthPortVariable: 'MAILER_HEALTH_PORT' });
  afterAll(() => mailers.stopAll());

  it('logs JSON lines and answers ready on MAILER_HEALTH_PORT once it works off the queue', async () => {
    const child = await mailers.start({ REDIS_URL, REDIS_PREFIX: prefix, SMTP_URL: inbox.url });
    await child.logged('connected to queue');

    const ready = await get(`${child.healthUrl}/health/ready`);
    const code = await child.stop();

    expect(ready).toEqual({
      status: 200,
      body: { status: 'ok', checks: { redis: up, worker: up, smtp: up } },
    });
    expect(code).toBe(0);
    expect(child.lines.map((line) => line.msg)).toEqual([
      `health endpoints on port ${child.healthPort}`,
      expect.stringMatching(/^connected to queue "mail" at 127\.0\.0\.1:6379/),
      'SIGTERM received, stopping',
      'stopped',
    ]);
    for (const line of child.lines) {
      expect(line).toMatchObject({ service: 'mailer', level: 'info', time: expect.stringMatching(ISO_TIME) });
    }
  });

  it('stays live but not ready while Redis does not answer, and stops on SIGTERM', async () => {
    const child = await mailers.start({
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      REDIS_PREFIX: prefix,
      SMTP_URL: inbox.url,
    });
    await child.logged('health endpoints');

    const live = await get(`${child.healthUrl}/health/live`);
    const ready = await get(`${child.healthUrl}/health/ready`);

    expect(live).toEqual({ status: 200, body: { status: 'ok' } });
    expect(ready.status).toBe(503);
    expect(ready.body.checks).toMatchObject({ redis: { status: 'down' }, worker: { status: 'down' } });
    expect(await child.stop()).toBe(0);
    expect(child.lines.find((line) => line.level === 'warn')).toMatchObject({
      service: 'mailer',
      msg: expect.stringContaining('queue connection problem'),
      err: expect.objectContaining({ message: expect.any(String) }),
    });
  });
});

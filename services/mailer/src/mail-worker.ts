import { UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import { MAIL_QUEUE } from '@ledgerstone/contracts';
import type { MailerConfig } from './config.js';
import type { Logger } from './logger.js';
import { jobFields, loggableError } from './mail-log.js';
import { createMailProcessor, forgetMailSecrets, type SentMail } from './mail.processor.js';

const CONCURRENCY = 5;

export interface MailWorker {
  /** Settles once the worker is connected to its queue (ioredis keeps retrying while Redis is away). */
  ready: Promise<void>;
  /** The readiness checks: each resolves when its part works and rejects saying why not. */
  checks: { redis(): Promise<unknown>; worker(): Promise<unknown>; smtp(): Promise<unknown> };
  /** Lets running jobs finish, then closes the worker, the SMTP pool and the Redis connection. */
  close(): Promise<void>;
}

/**
 * How long a mail job waits after its `attemptsMade`th failed attempt: `baseMs`, doubled at each attempt.
 * Jobs name this schedule (`MAIL_BACKOFF`) rather than carry a delay, so the mailer's setting decides.
 */
export function mailBackoff(baseMs: number) {
  return (attemptsMade: number): number => baseMs * 2 ** Math.max(attemptsMade - 1, 0);
}

/** Starts working off the mail queue. */
export function startMailWorker(config: MailerConfig, logger: Logger): MailWorker {
  // Blocking worker connections must retry commands for as long as Redis is away.
  const connection = new Redis(config.redisUrl, { maxRetriesPerRequest: null });
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    pool: true,
    maxConnections: CONCURRENCY,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const worker = new Worker<unknown, SentMail>(MAIL_QUEUE, createMailProcessor(transport, config.mailFrom), {
    connection,
    prefix: config.redisPrefix,
    concurrency: CONCURRENCY,
    settings: { backoffStrategy: mailBackoff(config.backoffMs) },
  });

  // ioredis reports every failed reconnect; one line per distinct problem is enough.
  let lastProblem = '';
  const report = (problem: string, error: Error) => {
    if (problem !== lastProblem) logger.warn({ err: error }, problem);
    lastProblem = problem;
  };
  connection.on('ready', () => (lastProblem = ''));
  worker.on('error', (error) => report(`queue connection problem: ${error.message || error.name}`, error));
  transport.on('error', (error) => report(`SMTP problem: ${error.message}`, error));
  worker.on('active', (job) =>
    logger.debug({ ...jobFields(job), attempt: job.attemptsMade + 1 }, 'sending mail'),
  );
  worker.on('completed', (job, sent) =>
    logger.info({ ...jobFields(job), attempt: job.attemptsMade, messageId: sent.messageId }, 'mail sent'),
  );
  worker.on('failed', (job, error) => {
    const attempts = job?.opts.attempts ?? 1;
    const attempt = job?.attemptsMade ?? 0;
    const final =
      error instanceof UnrecoverableError || error.name === 'UnrecoverableError' || attempt >= attempts;
    const err = loggableError(error);
    const fields = { ...jobFields(job), err, attempt, attempts, final };
    if (final) {
      logger.error(fields, `mail failed for good after attempt ${attempt} of ${attempts}: ${err.message}`);
      if (job) void forgetMailSecrets(job);
    } else logger.warn(fields, `mail failed at attempt ${attempt} of ${attempts}, retrying: ${err.message}`);
  });

  let connected = false;
  const redis = new URL(config.redisUrl);
  const ready = worker.waitUntilReady().then(() => {
    connected = true;
    logger.info(
      { queue: MAIL_QUEUE, redisHost: redis.host, prefix: config.redisPrefix, concurrency: CONCURRENCY },
      `connected to queue "${MAIL_QUEUE}" at ${redis.host} (prefix ${config.redisPrefix}), concurrency ${CONCURRENCY}`,
    );
  });

  const checks: MailWorker['checks'] = {
    // A command sent while Redis is away would wait in ioredis's queue for as long as it stays away.
    redis: async () => {
      if (connection.status !== 'ready') throw new Error(`Redis connection is ${connection.status}`);
      await connection.ping();
    },
    worker: async () => {
      if (worker.closing) throw new Error('the worker is stopping');
      if (!connected) throw new Error('the worker has not reached its queue yet');
      if (!worker.isRunning()) throw new Error('the worker is not running');
      if (worker.isPaused()) throw new Error('the worker is paused');
    },
    smtp: () => transport.verify(),
  };

  return {
    ready,
    checks,
    async close() {
      if (connection.status === 'ready') {
        await worker.close();
        await connection.quit();
      } else {
        // Without Redis no job can be running; waiting for the worker would wait for Redis.
        connection.disconnect();
        await worker.close(true);
      }
      transport.close();
    },
  };
}

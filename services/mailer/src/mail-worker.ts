import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import nodemailer from 'nodemailer';
import { MAIL_QUEUE } from '@ledgerstone/contracts';
import type { MailerConfig } from './config.js';
import type { Logger } from './logger.js';
import { createMailProcessor, type SentMail } from './mail.processor.js';

const CONCURRENCY = 5;

export interface MailWorker {
  /** Settles once the worker is connected to its queue (ioredis keeps retrying while Redis is away). */
  ready: Promise<void>;
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
  const report = (problem: string) => {
    if (problem !== lastProblem) logger.warn(problem);
    lastProblem = problem;
  };
  connection.on('ready', () => (lastProblem = ''));
  worker.on('error', (error) => report(`queue connection problem: ${error.message || error.name}`));
  transport.on('error', (error) => report(`SMTP problem: ${error.message}`));
  worker.on('completed', (job, sent) => logger.info(`job ${job.id} sent (${sent.messageId})`));
  worker.on('failed', (job, error) => {
    const attempts = `attempt ${job?.attemptsMade ?? '?'} of ${job?.opts.attempts ?? 1}`;
    logger.warn(`job ${job?.id ?? '?'} failed, ${attempts}: ${error.message}`);
  });

  const redis = new URL(config.redisUrl);
  const ready = worker.waitUntilReady().then(() => {
    logger.info(
      `connected to queue "${MAIL_QUEUE}" at ${redis.host} (prefix ${config.redisPrefix}), concurrency ${CONCURRENCY}`,
    );
  });

  return {
    ready,
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

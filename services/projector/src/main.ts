import { MAIL_QUEUE, mailJobOptions, type MailJob } from '@ledgerstone/contracts';
import { createDatabase, LogFollower, ProjectionRunner } from '@ledgerstone/eventstore';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadConfigOrExit } from './config.js';
import { createLogger } from './logger.js';
import { MailOutboxRelay } from './mail-outbox/mail-outbox-relay.js';
import { createNotifier } from './notifier/notifier.js';
import { projections } from './projections/index.js';

async function main() {
  const config = loadConfigOrExit('projector');
  const logger = createLogger(config.logLevel);
  const redis = new Redis(config.redisUrl);
  let redisProblem = '';
  redis.on('error', (error: Error) => {
    // Mail waits in the notifier's checkpoint while Redis is away; say so once, not at every reconnect.
    if (error.message !== redisProblem) logger.warn(`Redis: ${error.message}`);
    redisProblem = error.message;
  });
  redis.on('ready', () => (redisProblem = ''));
  const mailQueue = new Queue<MailJob>(MAIL_QUEUE, {
    connection: redis,
    prefix: config.redisPrefix,
    defaultJobOptions: mailJobOptions,
  });
  mailQueue.on('error', () => undefined);
  const subscribers = [...projections, createNotifier(mailQueue)];
  // Each active projection keeps a connection for its advisory lock; its batches and the mail relay one more each.
  const db = createDatabase(config.databaseUrl, { maxConnections: subscribers.length + 3 });
  const follower = await LogFollower.start(config.databaseUrl);
  const runner = new ProjectionRunner(db, subscribers, {
    follower,
    onError: (error, name) => logger.error(`projection ${name} failed, retrying`, error),
  });
  const mailOutbox = new MailOutboxRelay(db, mailQueue, redis, logger);

  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    // A second signal means the operator does not want to wait for the batches in flight.
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal} received, stopping`);
    await runner.stop();
    await mailOutbox.stop();
    await follower.stop();
    await db.destroy();
    // BullMQ leaves the connection it was given open.
    await mailQueue.close();
    await redis.quit().catch(() => redis.disconnect());
    logger.info('stopped');
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));

  await runner.start();
  mailOutbox.start();
  const names = runner.status().map(({ name, active }) => (active ? name : `${name} (standby)`));
  logger.info(
    `following the event log with ${names.length} projection(s)${names.length ? `: ${names.join(', ')}` : ''}`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`projector: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

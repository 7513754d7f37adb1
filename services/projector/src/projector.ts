import { MAIL_QUEUE, mailJobOptions, type MailJob } from '@ledgerstone/contracts';
import {
  createDatabase,
  LogFollower,
  ProjectionRunner,
  type LogPosition,
  type Projection,
  type RecordedEvent,
} from '@ledgerstone/eventstore';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { ProjectorConfig } from './config.js';
import { startHealthServer, type HealthServer } from '@ledgerstone/process-kit';
import { projectorReadiness } from './health/projector-health.js';
import type { Logger } from './logger.js';
import { MailOutboxRelay } from './mail-outbox/mail-outbox-relay.js';
import { createNotifier } from './notifier/notifier.js';
import { projections } from './projections/index.js';

export interface RunningProjector {
  /** The port of the health endpoints, null when PROJECTOR_HEALTH_PORT is 0. */
  healthPort: number | null;
  /** Finishes the batches in flight, then closes every connection and the health server. */
  stop(): Promise<void>;
}

interface FailedBatch {
  events: number;
  first: RecordedEvent;
  last: RecordedEvent;
}

const printablePosition = (position: LogPosition) => ({
  transactionId: String(position.transactionId),
  globalPosition: String(position.globalPosition),
});

/**
 * The runner reports a failure with the projection's name only; each projection's `apply` notes the batch it
 * failed on, so the log line can name the events an operator has to look at.
 */
function withFailedBatches(subscribers: Projection[], failed: WeakMap<object, FailedBatch>): Projection[] {
  return subscribers.map((projection) => ({
    name: projection.name,
    eventTypes: projection.eventTypes,
    tables: projection.tables,
    createTables: (db) => projection.createTables(db),
    async apply(trx, events) {
      try {
        await projection.apply(trx, events);
      } catch (error) {
        const [first, last] = [events[0], events.at(-1)];
        if (error instanceof Object && first && last)
          failed.set(error, { events: events.length, first, last });
        throw error;
      }
    },
  }));
}

/** Starts the projections, the mail notifier and outbox relay, and the health endpoints. */
export async function startProjector(config: ProjectorConfig, logger: Logger): Promise<RunningProjector> {
  const redis = new Redis(config.redisUrl);
  let redisProblem = '';
  redis.on('error', (error: Error) => {
    // Mail waits in the notifier's checkpoint while Redis is away; say so once, not at every reconnect.
    if (error.message !== redisProblem) logger.warn({ err: error }, `Redis: ${error.message}`);
    redisProblem = error.message;
  });
  redis.on('ready', () => (redisProblem = ''));
  const mailQueue = new Queue<MailJob>(MAIL_QUEUE, {
    connection: redis,
    prefix: config.redisPrefix,
    defaultJobOptions: mailJobOptions,
  });
  mailQueue.on('error', () => undefined);

  const failedBatches = new WeakMap<object, FailedBatch>();
  const subscribers = withFailedBatches([...projections, createNotifier(mailQueue, config)], failedBatches);
  // Each active projection keeps a connection for its advisory lock; its batches, the mail relay and the
  // health check one more each.
  const db = createDatabase(config.databaseUrl, { maxConnections: subscribers.length + 4 });
  let runner: ProjectionRunner | undefined;
  let health: HealthServer | undefined;
  let follower: LogFollower | undefined;
  let mailOutbox: MailOutboxRelay | undefined;
  let stopped: Promise<void> | undefined;
  const stopAll = async () => {
    const running = runner;
    runner = undefined;
    await running?.stop();
    await mailOutbox?.stop();
    await follower?.stop();
    await health?.close();
    await db.destroy();
    // BullMQ leaves the connection it was given open.
    await mailQueue.close();
    await redis.quit().catch(() => redis.disconnect());
  };
  const stop = () => (stopped ??= stopAll());

  try {
    if (config.healthPort !== null) {
      health = await startHealthServer(
        config.healthPort,
        projectorReadiness({ db, projections: () => runner?.status() ?? null }),
      );
    }
    follower = await LogFollower.start(config.databaseUrl);
    const starting = new ProjectionRunner(db, subscribers, {
      follower,
      minPageIntervalMs: config.minPageIntervalMs,
      onError: (error, name) => logProjectionFailure(logger, error, name, starting, failedBatches),
    });
    await starting.start();
    runner = starting;
    mailOutbox = new MailOutboxRelay(db, mailQueue, redis, logger);
    mailOutbox.start();
  } catch (error) {
    await stop();
    throw error;
  }

  const statuses = runner.status();
  const names = statuses.map(({ name, active }) => (active ? name : `${name} (standby)`));
  logger.info(
    {
      projections: statuses.map(({ name, active }) => ({ name, state: active ? 'active' : 'standby' })),
      healthPort: health?.port ?? null,
    },
    `following the event log with ${names.length} projection(s)${names.length ? `: ${names.join(', ')}` : ''}`,
  );

  return { healthPort: health?.port ?? null, stop };
}

function logProjectionFailure(
  logger: Logger,
  error: unknown,
  name: string,
  runner: ProjectionRunner,
  failedBatches: WeakMap<object, FailedBatch>,
): void {
  const checkpoint = runner.status().find((projection) => projection.name === name)?.position;
  const batch = error instanceof Object ? failedBatches.get(error) : undefined;
  logger.error(
    {
      err: error,
      projection: name,
      checkpoint: checkpoint ? printablePosition(checkpoint) : null,
      ...(batch && {
        batch: {
          events: batch.events,
          from: printablePosition(batch.first),
          to: printablePosition(batch.last),
          firstEventId: batch.first.id,
          lastEventId: batch.last.id,
        },
      }),
    },
    `projection ${name} failed, retrying`,
  );
}

import { S3Client } from '@aws-sdk/client-s3';
import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type DynamicModule,
  type OnApplicationShutdown,
  type Provider,
} from '@nestjs/common';
import { MAIL_QUEUE as MAIL_QUEUE_NAME, mailJobOptions, type MailJob } from '@ledgerstone/contracts';
import { createDatabase, EventStore } from '@ledgerstone/eventstore';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ApiConfig } from '../config/config.js';
import {
  API_CONFIG,
  DATABASE,
  MAIL_QUEUE,
  OBJECT_STORAGE,
  REDIS,
  SMTP_TRANSPORT,
  type Database,
  type MailQueue,
} from './infrastructure.tokens.js';
import { MailOutbox } from './mail-outbox.js';

const logger = new Logger('Infrastructure');

/** Logs a connection's problem once, not at every reconnect attempt, until it recovers. */
function reportProblems(name: string) {
  let last = '';
  return {
    problem(error: Error) {
      const message = error.message || error.name;
      if (message !== last) logger.warn(`${name}: ${message}`);
      last = message;
    },
    recovered() {
      if (last) logger.log(`${name}: connected again`);
      last = '';
    },
  };
}

function createRedis(config: ApiConfig): Redis {
  // Fail fast while Redis is away: a request answers 503 within about a second instead of hanging.
  const redis = new Redis(config.redisUrl, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(attempt * 100, 500),
  });
  const report = reportProblems('Redis');
  redis.on('error', report.problem);
  redis.on('ready', report.recovered);
  return redis;
}

function createObjectStorage({ endpoint, region, credentials }: ApiConfig['objectStorage']): S3Client {
  return new S3Client({
    endpoint,
    region,
    credentials,
    // S3-compatible servers (s3rver, MinIO) are addressed by path; AWS itself by virtual host.
    forcePathStyle: endpoint !== undefined,
    // s3rver corrupts streamed uploads when the client adds its own checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function createSmtpTransport(config: ApiConfig): Transporter {
  // Short timeouts: the api only checks the server here; the mailer does the sending.
  return nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 3_000,
    greetingTimeout: 3_000,
    socketTimeout: 3_000,
  });
}

function createMailQueue(redis: Redis, config: ApiConfig): MailQueue {
  const queue = new Queue<MailJob>(MAIL_QUEUE_NAME, {
    connection: redis,
    prefix: config.redisPrefix,
    defaultJobOptions: mailJobOptions,
  });
  // The shared Redis connection already reports its own problems.
  queue.on('error', () => undefined);
  return queue;
}

@Injectable()
export class InfrastructureShutdown implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(OBJECT_STORAGE) private readonly objectStorage: S3Client,
    @Inject(SMTP_TRANSPORT) private readonly smtp: Transporter,
    @Inject(MAIL_QUEUE) private readonly mailQueue: MailQueue,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    // The queue uses the shared Redis connection, so it closes first; BullMQ leaves that connection open.
    await this.mailQueue.close();
    if (this.redis.status === 'ready') await this.redis.quit();
    else this.redis.disconnect();
    this.smtp.close();
    this.objectStorage.destroy();
    await this.database.destroy();
  }
}

@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: ApiConfig): DynamicModule {
    const connections: Provider[] = [
      { provide: API_CONFIG, useValue: config },
      { provide: DATABASE, useFactory: () => createDatabase<unknown>(config.databaseUrl) },
      { provide: REDIS, useFactory: () => createRedis(config) },
      { provide: OBJECT_STORAGE, useFactory: () => createObjectStorage(config.objectStorage) },
      { provide: SMTP_TRANSPORT, useFactory: () => createSmtpTransport(config) },
      { provide: MAIL_QUEUE, inject: [REDIS], useFactory: (redis: Redis) => createMailQueue(redis, config) },
      {
        provide: EventStore,
        inject: [DATABASE],
        useFactory: (database: Database) => new EventStore(database),
      },
    ];
    return {
      module: InfrastructureModule,
      providers: [...connections, MailOutbox, InfrastructureShutdown],
      exports: [
        API_CONFIG,
        DATABASE,
        REDIS,
        OBJECT_STORAGE,
        SMTP_TRANSPORT,
        MAIL_QUEUE,
        MailOutbox,
        EventStore,
      ],
    };
  }
}

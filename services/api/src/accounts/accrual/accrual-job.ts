import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { ProfitAccrual, type AccrualRun } from './profit-accrual.js';

export const ACCRUAL_QUEUE = 'accrual';
export const DAILY_ACCRUAL = 'daily-accrual';
/** Every day at 00:05 UTC, once the previous day is over. */
export const DAILY_ACCRUAL_PATTERN = '5 0 * * *';

const logger = new Logger('Accrual');

/**
 * The daily accrual: a BullMQ job scheduler on the `accrual` queue and the worker that runs it, started by
 * the api process (main.ts), not by tests that build the app. Each run accrues through yesterday by the
 * clock, so a run missed during downtime is caught up by the next one.
 */
@Injectable()
export class AccrualJob implements OnApplicationShutdown {
  private queue?: Queue;
  private worker?: Worker<unknown, AccrualRun>;
  private readonly connections: Redis[] = [];
  private lastProblem = '';
  /** Logs a problem once, not at every reconnect attempt. */
  private readonly report = (error: Error) => {
    if (error.message !== this.lastProblem) logger.warn(`accrual queue: ${error.message}`);
    this.lastProblem = error.message;
  };

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly accrual: ProfitAccrual,
  ) {}

  /**
   * Starts the worker and registers the daily schedule. It never throws: while Redis is away the schedule
   * waits for it (the api serves on without it) and the problem is logged once.
   */
  async start(): Promise<void> {
    const prefix = this.config.redisPrefix;
    this.queue = new Queue(ACCRUAL_QUEUE, { connection: this.connect(), prefix });
    this.queue.on('error', this.report);
    this.worker = new Worker<unknown, AccrualRun>(
      ACCRUAL_QUEUE,
      () => this.accrual.accrueUntil(this.accrual.yesterday()),
      { connection: this.connect(), prefix, concurrency: 1 },
    );
    this.worker.on('completed', (_job, run) =>
      logger.log(
        `accrued through ${run.through}: ${run.accrued} days, ${run.matured} matured, ${run.refused} accounts refused`,
      ),
    );
    this.worker.on('failed', (_job, error) => logger.error(`accrual failed: ${error.message}`));
    this.worker.on('error', this.report);
    try {
      await this.queue.upsertJobScheduler(
        DAILY_ACCRUAL,
        { pattern: DAILY_ACCRUAL_PATTERN, tz: 'UTC' },
        { name: DAILY_ACCRUAL, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
    } catch (error) {
      this.report(error as Error);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
    await this.queue?.close();
    // BullMQ leaves connections it was given open.
    await Promise.all(this.connections.map((connection) => connection.quit().catch(() => undefined)));
  }

  private connect(): Redis {
    const connection = new Redis(this.config.redisUrl, { maxRetriesPerRequest: null });
    connection.on('error', () => undefined);
    this.connections.push(connection);
    return connection;
  }
}

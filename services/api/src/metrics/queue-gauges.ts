import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { MAIL_QUEUE as MAIL_QUEUE_NAME } from '@ledgerstone/contracts';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Gauge } from 'prom-client';
import { ACCRUAL_QUEUE } from '../accounts/index.js';
import type { ApiConfig } from '../shared/config/config.js';
import {
  API_CONFIG,
  MAIL_QUEUE,
  REDIS,
  type MailQueue,
} from '../shared/infrastructure/infrastructure.tokens.js';
import { ApiMetrics } from '../shared/observability/api-metrics.js';

export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;

const logger = new Logger('Metrics');

/** Jobs per BullMQ queue and state, read from Redis at each scrape. */
@Injectable()
export class QueueGauges implements OnApplicationShutdown {
  /** Only read here: the accrual job (main.ts) owns the worker and the schedule. */
  private readonly accrualQueue: Queue;

  constructor(
    metrics: ApiMetrics,
    @Inject(MAIL_QUEUE) mailQueue: MailQueue,
    @Inject(REDIS) redis: Redis,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.accrualQueue = new Queue(ACCRUAL_QUEUE, { connection: redis, prefix: config.redisPrefix });
    // The shared Redis connection already reports its own problems.
    this.accrualQueue.on('error', () => undefined);
    const queues: Record<string, Queue> = {
      [MAIL_QUEUE_NAME]: mailQueue,
      [ACCRUAL_QUEUE]: this.accrualQueue,
    };
    new Gauge({
      name: 'ledgerstone_queue_jobs',
      help: 'Jobs in each BullMQ queue by state (waiting, active, delayed, failed, completed), read at scrape time',
      labelNames: ['queue', 'state'] as const,
      registers: [metrics.registry],
      async collect() {
        this.reset();
        await Promise.all(
          Object.entries(queues).map(async ([name, queue]) => {
            try {
              const counts = await queue.getJobCounts(...QUEUE_STATES);
              for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
            } catch (error) {
              // Redis away: the scrape still answers, without this queue's samples.
              logger.warn(`queue ${name}: ${(error as Error).message}`);
            }
          }),
        );
      },
    });
  }

  async onApplicationShutdown(): Promise<void> {
    // The connection is the shared one, which the infrastructure module closes.
    await this.accrualQueue.close().catch(() => undefined);
  }
}

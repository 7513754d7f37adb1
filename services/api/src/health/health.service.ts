import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Transporter } from 'nodemailer';
import { probe, type CheckResult } from '@ledgerstone/process-kit';
import type { ApiConfig } from '../shared/config/config.js';
import {
  API_CONFIG,
  DATABASE,
  OBJECT_STORAGE,
  REDIS,
  SMTP_TRANSPORT,
  type Database,
} from '../shared/infrastructure/infrastructure.tokens.js';

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: { postgres: CheckResult; redis: CheckResult; objectStorage: CheckResult; smtp: CheckResult };
}

/** How long one run of the checks answers every readiness probe: anyone may ask, the services are asked rarely. */
export const READINESS_CACHE_MS = 5_000;

@Injectable()
export class HealthService implements OnModuleDestroy {
  private latest?: { startedAt: number; report: Promise<HealthReport> };
  /** Stops a run still under way at shutdown: an object storage that does not answer is retried for seconds. */
  private readonly shutdown = new AbortController();

  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(OBJECT_STORAGE) private readonly objectStorage: S3Client,
    @Inject(SMTP_TRANSPORT) private readonly smtp: Transporter,
  ) {}

  /**
   * The report of the latest run of the checks, if it started less than `READINESS_CACHE_MS` ago, else of a new
   * run; callers arriving while a run is under way share it.
   */
  readiness(): Promise<HealthReport> {
    const now = Date.now();
    if (!this.latest || now - this.latest.startedAt >= READINESS_CACHE_MS) {
      const report = this.check();
      this.latest = { startedAt: now, report };
      // A run that failed outright (the probes themselves catch each service's errors) is not kept.
      report.catch(() => {
        if (this.latest?.report === report) this.latest = undefined;
      });
    }
    return this.latest.report;
  }

  /** Checks every backing service at once. */
  async check(): Promise<HealthReport> {
    const bucket = this.config.objectStorage.bucket;
    const [postgres, redis, objectStorage, smtp] = await Promise.all([
      probe(() => sql`select 1`.execute(this.database)),
      probe(() => this.redis.ping()),
      probe((timedOut) =>
        this.objectStorage
          .send(new HeadBucketCommand({ Bucket: bucket }), {
            abortSignal: AbortSignal.any([timedOut, this.shutdown.signal]),
          })
          .catch((error) => {
            // HeadBucket has no body, so a missing bucket comes back as a bare "NotFound".
            throw (error as { name?: string }).name === 'NotFound'
              ? new Error(`bucket ${bucket} not found`)
              : error;
          }),
      ),
      probe(() => this.smtp.verify()),
    ]);
    const checks = { postgres, redis, objectStorage, smtp };
    const allUp = Object.values(checks).every((check) => check.status === 'up');
    // Error texts name databases, hosts and buckets: useful on a developer's machine, not to the world.
    if (this.config.mode !== 'local') for (const check of Object.values(checks)) delete check.error;
    return { status: allUp ? 'ok' : 'degraded', checks };
  }

  onModuleDestroy(): void {
    this.shutdown.abort();
  }
}

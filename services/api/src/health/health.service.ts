import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Transporter } from 'nodemailer';
import { probe, type CheckResult } from '@ledgerstone/process-kit';
import type { ApiConfig } from '../config.js';
import {
  API_CONFIG,
  DATABASE,
  OBJECT_STORAGE,
  REDIS,
  SMTP_TRANSPORT,
  type Database,
} from '../infrastructure/infrastructure.tokens.js';

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: { postgres: CheckResult; redis: CheckResult; objectStorage: CheckResult; smtp: CheckResult };
}

@Injectable()
export class HealthService {
  constructor(
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DATABASE) private readonly database: Database,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(OBJECT_STORAGE) private readonly objectStorage: S3Client,
    @Inject(SMTP_TRANSPORT) private readonly smtp: Transporter,
  ) {}

  /** Checks every backing service at once. */
  async check(): Promise<HealthReport> {
    const bucket = this.config.objectStorage.bucket;
    const [postgres, redis, objectStorage, smtp] = await Promise.all([
      probe(() => sql`select 1`.execute(this.database)),
      probe(() => this.redis.ping()),
      probe((abortSignal) =>
        this.objectStorage.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal }).catch((error) => {
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
}

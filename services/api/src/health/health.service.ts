import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { ApiConfig } from '../config.js';
import {
  API_CONFIG,
  DATABASE,
  OBJECT_STORAGE,
  REDIS,
  SMTP_TRANSPORT,
  type Database,
} from '../infrastructure/infrastructure.tokens.js';

export const CHECK_TIMEOUT_MS = 1_500;

export interface CheckResult {
  status: 'up' | 'down';
  latencyMs?: number;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: { postgres: CheckResult; redis: CheckResult; objectStorage: CheckResult; smtp: CheckResult };
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // Connection failures to several addresses arrive as an AggregateError with an empty message.
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : error.name);
}

/** Runs one check, giving up after `timeoutMs`; the signal tells checks that can stop early to do so. */
export async function probe(
  check: (signal: AbortSignal) => Promise<unknown>,
  timeoutMs = CHECK_TIMEOUT_MS,
): Promise<CheckResult> {
  const controller = new AbortController();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    await Promise.race([check(controller.signal), timeout]);
    return { status: 'up', latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'down', error: describe(error) };
  } finally {
    clearTimeout(timer);
  }
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

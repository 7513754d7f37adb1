import { Inject, Injectable, Logger } from '@nestjs/common';
import { MAIL_SECRET_FIELDS, mailJobOptions, type MailJob, type MailOrigin } from '@ledgerstone/contracts';
import type { Redis } from 'ioredis';
import { sql, type Transaction } from 'kysely';
import { DATABASE, MAIL_QUEUE, REDIS, type Database, type MailQueue } from './infrastructure.tokens.js';

/** A mail recorded in the outbox; `jobId` is the id of the event or request that caused it. */
export interface OutboxMail {
  jobId: string;
  job: MailJob;
}

/**
 * Mail goes through the mail_outbox table: recorded in the transaction of the change that causes it, then put on
 * the queue right after the commit. When Redis is away at that moment, the projector's relay queues it later.
 */
@Injectable()
export class MailOutbox {
  private readonly logger = new Logger('MailOutbox');

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(MAIL_QUEUE) private readonly queue: MailQueue,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Every mail recorded here names its origin, which the queue board shows. */
  async record<Tables>(
    trx: Transaction<Tables>,
    jobId: string,
    job: MailJob & { origin: MailOrigin },
  ): Promise<OutboxMail> {
    await sql`
      insert into mail_outbox (job_id, template, recipient, data, origin)
      values (${jobId}, ${job.template}, ${job.to}, ${JSON.stringify(job.data)}::jsonb,
        ${JSON.stringify(job.origin)}::jsonb)
    `.execute(trx);
    return { jobId, job };
  }

  /** Called after the commit; never fails the request, as the row waits for the relay. */
  async enqueue({ jobId, job }: OutboxMail): Promise<void> {
    // The queue waits for a connection that is not there, rather than failing.
    if (this.redis.status !== 'ready') {
      this.logger.warn(`mail ${jobId} waits in the outbox: Redis is ${this.redis.status}`);
      return;
    }
    try {
      // The job id makes a second add (by the relay, or a retried request) a no-op.
      await this.queue.add(job.template, job, { ...mailJobOptions, jobId });
      // The queue has the mail now: its code or reset link stays there only (see MAIL_SECRET_FIELDS).
      await sql`
        update mail_outbox set enqueued_at = now(), data = data - ${[...MAIL_SECRET_FIELDS]}::text[]
        where job_id = ${jobId} and enqueued_at is null
      `.execute(this.db);
    } catch (error) {
      this.logger.warn(
        `mail ${jobId} waits in the outbox: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

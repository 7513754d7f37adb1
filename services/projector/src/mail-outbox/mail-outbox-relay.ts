import { MAIL_SECRET_FIELDS, mailJobOptions, type MailJob, type MailOrigin } from '@ledgerstone/contracts';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Logger } from '../logger.js';

interface PendingMail {
  job_id: string;
  template: MailJob['template'];
  recipient: string;
  data: MailJob['data'];
  origin: MailOrigin | null;
}

export interface MailOutboxRelayOptions {
  /** How often the outbox is looked at while all is well. */
  pollMs: number;
  /** The longest wait between attempts while Redis is away. */
  maxBackoffMs: number;
  batchSize: number;
}

const DEFAULT_OPTIONS: MailOutboxRelayOptions = { pollMs: 1_000, maxBackoffMs: 5_000, batchSize: 100 };
const FIRST_BACKOFF_MS = 250;
const CLEANUP_EVERY_MS = 10 * 60_000;

/**
 * Moves mail the api recorded in mail_outbox but could not queue (Redis was away at its commit) to the mail
 * queue, oldest first. Rows are locked with `skip locked`, so several projectors share the work; the row's
 * job id names the job, so a mail the api queued meanwhile is not sent twice. Queued rows are kept a week.
 */
export class MailOutboxRelay {
  private readonly options: MailOutboxRelayOptions;
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> = Promise.resolve();
  private stopped = false;
  private failures = 0;
  private lastCleanup = 0;

  constructor(
    private readonly db: Kysely<unknown>,
    private readonly queue: Queue<MailJob>,
    private readonly redis: Redis,
    private readonly logger: Logger,
    options: Partial<MailOutboxRelayOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.round;
  }

  /** Queues one batch of pending mail and marks it queued; returns how many mails it queued. */
  async relayBatch(): Promise<number> {
    // Without this, a command would wait through the client's reconnect attempts while the rows stay locked.
    if (this.redis.status !== 'ready') throw new Error(`Redis is ${this.redis.status}`);
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<PendingMail>`
        select job_id, template, recipient, data, origin from mail_outbox
        where enqueued_at is null
        order by created_at
        limit ${this.options.batchSize}
        for update skip locked
      `.execute(trx);
      if (rows.length === 0) return 0;
      await this.queue.addBulk(
        rows.map((row) => {
          const mail = {
            template: row.template,
            to: row.recipient,
            data: row.data,
            ...(row.origin && { origin: row.origin }),
          } as MailJob;
          return { name: mail.template, data: mail, opts: { ...mailJobOptions, jobId: row.job_id } };
        }),
      );
      const jobIds = rows.map((row) => row.job_id);
      // The queue has the mails now: their codes and reset links stay there only (see MAIL_SECRET_FIELDS).
      await sql`
        update mail_outbox set enqueued_at = now(), data = data - ${[...MAIL_SECRET_FIELDS]}::text[]
        where job_id = any(${jobIds}::uuid[])
      `.execute(trx);
      return rows.length;
    });
  }

  /** Forgets mail queued more than a week ago; the queue itself keeps completed jobs that long. */
  async deleteRelayed(): Promise<number> {
    const result = await sql`
      delete from mail_outbox where enqueued_at < now() - interval '7 days'
    `.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.round = this.relayPending();
    }, delayMs);
  }

  private async relayPending(): Promise<void> {
    try {
      while (!this.stopped && (await this.relayBatch()) === this.options.batchSize);
      if (Date.now() - this.lastCleanup >= CLEANUP_EVERY_MS) {
        await this.deleteRelayed();
        this.lastCleanup = Date.now();
      }
      if (this.failures > 0) this.logger.info('mail outbox: queueing again');
      this.failures = 0;
      this.schedule(this.options.pollMs);
    } catch (error) {
      // Said once per outage; the mail waits in the outbox meanwhile.
      if (this.failures === 0) {
        this.logger.warn(`mail outbox: ${error instanceof Error ? error.message : String(error)}, retrying`);
      }
      this.failures += 1;
      this.schedule(Math.min(FIRST_BACKOFF_MS * 2 ** (this.failures - 1), this.options.maxBackoffMs));
    }
  }
}

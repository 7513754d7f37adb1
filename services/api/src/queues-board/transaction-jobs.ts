import { Inject, Injectable } from '@nestjs/common';
import type {
  TransactionEventJobs,
  TransactionJobs,
  TransactionJobsParams,
  TransactionMailJob,
} from '@ledgerstone/contracts';
import { EventStore, type RecordedEvent } from '@ledgerstone/eventstore';
import { accountStreamId } from '@ledgerstone/ledger';
import { readOrEmpty, transactionOwnerOf } from '@ledgerstone/read-models';
import { sql } from 'kysely';
import { TransactionNotFoundError } from '../accounts/index.js';
import {
  DATABASE,
  MAIL_QUEUE,
  type Database,
  type MailQueue,
} from '../shared/infrastructure/infrastructure.tokens.js';
import { QUEUES_BOARD_PATH } from './http/queues-board.js';

/** The board's own page of one job (its UI route `/queue/:name/:jobId`). */
export function boardJobUrl(queueName: string, jobId: string): string {
  return `${QUEUES_BOARD_PATH}/queue/${encodeURIComponent(queueName)}/${encodeURIComponent(jobId)}`;
}

function field(event: RecordedEvent, name: string): unknown {
  return (event.data as Record<string, unknown> | null)?.[name];
}

/**
 * The events of one deposit or withdrawal in its member's account stream, in stream order. A deposit's
 * confirmation starts an investment, whose maturity (it mails the member) belongs to the deposit too; the
 * daily accruals, which mail nothing, are left out.
 */
export function transactionEvents(
  stream: readonly RecordedEvent[],
  { type, id }: TransactionJobsParams,
): RecordedEvent[] {
  if (type === 'withdrawal') return stream.filter((event) => field(event, 'withdrawalId') === id);
  const own = stream.filter((event) => field(event, 'depositId') === id);
  const investmentIds = new Set(
    own.filter((event) => event.type === 'DepositConfirmed').map((event) => field(event, 'investmentId')),
  );
  return stream.filter(
    (event) =>
      own.includes(event) ||
      (event.type === 'InvestmentMatured' && investmentIds.has(field(event, 'investmentId'))),
  );
}

/**
 * A transaction's events with the mail job each one queued. The notifier names a job after its event, and
 * records each mail it queued in notifier_deliveries: a recorded mail whose job Redis no longer holds (removed
 * from the board, or past the week completed jobs are kept) is `missing`.
 */
@Injectable()
export class TransactionJobsQuery {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(MAIL_QUEUE) private readonly queue: MailQueue,
    private readonly store: EventStore,
  ) {}

  async jobs(params: TransactionJobsParams): Promise<TransactionJobs> {
    const userId = await transactionOwnerOf(this.database, params);
    if (!userId) {
      throw new TransactionNotFoundError(params.type);
    }
    const events = transactionEvents(await this.store.readStream(accountStreamId(userId)), params);
    const delivered = await this.deliveredTemplates(events.map((event) => event.id));
    return {
      ...params,
      userId,
      events: await Promise.all(
        events.map(async (event): Promise<TransactionEventJobs> => ({
          eventId: event.id,
          type: event.type,
          streamPosition: event.streamPosition,
          recordedAt: event.recordedAt.toISOString(),
          actorRole: event.metadata.actorRole ?? null,
          requestId: event.metadata.requestId ?? null,
          job: await this.jobOf(event.id, delivered.get(event.id)),
        })),
      ),
    };
  }

  private async jobOf(
    eventId: string,
    deliveredTemplate: string | undefined,
  ): Promise<TransactionMailJob | null> {
    const job = await this.queue.getJob(eventId);
    const boardUrl = boardJobUrl(this.queue.name, eventId);
    if (job) {
      return {
        id: eventId,
        queue: this.queue.name,
        template: job.name,
        state: await job.getState(),
        attemptsMade: job.attemptsMade,
        boardUrl,
      };
    }
    if (deliveredTemplate === undefined) return null;
    return {
      id: eventId,
      queue: this.queue.name,
      template: deliveredTemplate,
      state: 'missing',
      attemptsMade: null,
      boardUrl,
    };
  }

  /** The notifier's record of the mails it queued, by event id; empty until the projector has run. */
  private async deliveredTemplates(eventIds: string[]): Promise<Map<string, string>> {
    if (eventIds.length === 0) return new Map();
    const rows = await readOrEmpty(
      async () =>
        (
          await sql<{ event_id: string; template: string }>`
            select event_id, template from notifier_deliveries where event_id = any(${eventIds}::uuid[])
          `.execute(this.database)
        ).rows,
      [],
    );
    return new Map(rows.map((row) => [row.event_id, row.template]));
  }
}

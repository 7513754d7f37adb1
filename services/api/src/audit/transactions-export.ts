import { Inject, Injectable } from '@nestjs/common';
import type { TransactionsExportQuery } from '@ledgerstone/contracts';
import type { EventMetadata } from '@ledgerstone/eventstore';
import { accountEventTypes } from '@ledgerstone/ledger';
import type { RecordedAccountEvent } from '@ledgerstone/read-models';
import { sql } from 'kysely';
import { DATABASE, type Database } from '../shared/infrastructure/infrastructure.tokens.js';
import { ExportRangeError } from './audit.errors.js';

export const MAX_EXPORT_DAYS = 366;
const PAGE_SIZE = 1000;
const DAY_MS = 86_400_000;

/** The UTC days of an export as a half-open range of instants. */
export interface ExportRange {
  start: Date;
  end: Date;
}

/** `from` and `to` as instants; more than MAX_EXPORT_DAYS days is a 400 naming `to`. */
export function exportRange(query: TransactionsExportQuery): ExportRange {
  const start = new Date(`${query.from}T00:00:00.000Z`);
  const end = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + DAY_MS);
  if ((end.getTime() - start.getTime()) / DAY_MS > MAX_EXPORT_DAYS) {
    const message = `An export covers at most ${MAX_EXPORT_DAYS} days: choose a later from or an earlier to`;
    throw new ExportRangeError('to', message);
  }
  return { start, end };
}

interface EventRow {
  globalPosition: string;
  transactionId: string;
  streamId: string;
  streamPosition: number;
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recordedAt: number;
  hash: string;
}

/** Every account event recorded in a range of days, for the all-transactions CSV. */
@Injectable()
export class TransactionsExport {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /**
   * Pages of events in log order. The log is read up to its last position at the start, so events appended
   * while the export runs are left out; an export of days still being written may also miss an event whose
   * transaction commits after the page past its position was read: export closed days for the record.
   */
  async *pages(range: ExportRange, pageSize = PAGE_SIZE): AsyncGenerator<RecordedAccountEvent[]> {
    const { rows: top } = await sql<{ last: string | null }>`
      select max(global_position)::text as last from events
    `.execute(this.database);
    const last = top[0]?.last;
    if (!last) return;
    let after = '0';
    for (;;) {
      const { rows } = await sql<EventRow>`
        select global_position::text as "globalPosition", transaction_id::text as "transactionId",
          stream_id as "streamId", stream_position as "streamPosition", event_id as id, type, data, metadata,
          floor(extract(epoch from recorded_at) * 1000)::float8 as "recordedAt", encode(hash, 'hex') as hash
        from events
        where global_position > ${after}::bigint and global_position <= ${last}::bigint
          and recorded_at >= ${range.start} and recorded_at < ${range.end}
          and stream_id like 'account-%' and type = any(${accountEventTypes}::text[])
        order by global_position
        limit ${pageSize}
      `.execute(this.database);
      if (rows.length === 0) return;
      yield rows.map(
        (row) =>
          ({
            ...row,
            globalPosition: BigInt(row.globalPosition),
            transactionId: BigInt(row.transactionId),
            recordedAt: new Date(row.recordedAt),
          }) as RecordedAccountEvent,
      );
      if (rows.length < pageSize) return;
      after = rows.at(-1)!.globalPosition;
    }
  }
}

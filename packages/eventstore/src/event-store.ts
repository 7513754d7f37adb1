import { CompiledQuery, sql } from 'kysely';
import { DuplicateEvent, StreamVersionConflict } from './errors.js';
import type { AppendResult, ExpectedVersion, NewEvent, RecordedEvent } from './events.js';
import type { LogPosition } from './log-position.js';
import { namedStatement, type AnyDatabase, type AnyTransaction } from './database.js';

export const EVENTS_CHANNEL = 'ledgerstone_events';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
}

export interface ReadStreamOptions {
  fromPosition?: number;
  toPosition?: number;
}

export interface ReadAllOptions {
  /** Read strictly after this position. */
  after: LogPosition;
  limit: number;
  types?: readonly string[];
}

/** One window of the log: `limit` bounds the entries scanned, `events` holds those of the wanted types. */
export interface LogPage {
  events: RecordedEvent[];
  /** Where the next read starts: the last scanned entry, or `after` when nothing new was committed. */
  position: LogPosition;
  scanned: number;
}

// Prepared once per connection: parsing and planning the call each time cost the server a sixth of an append.
const APPEND_EVENTS = namedStatement(
  'ls_append_events',
  `select outcome, stream_version, log_transaction_id, log_global_position, conflicting_event_id
  from append_events($1, $2, $3::uuid[], $4::text[], $5::jsonb, $6::jsonb)`,
);

interface AppendRow {
  outcome: 'appended' | 'already_appended' | 'conflict' | 'duplicate';
  stream_version: number | null;
  log_transaction_id: bigint | null;
  log_global_position: bigint | null;
  conflicting_event_id: string | null;
}

// Milliseconds since the epoch, cut to what a Date holds: a number becomes a Date several times faster than
// timestamp text does.
const RECORDED_AT_MS = 'floor(extract(epoch from recorded_at) * 1000)::float8';

// Named as RecordedEvent's fields, so rows need no copying: reading the log is allocation-bound.
const RECORDED_EVENT_COLUMNS =
  sql.raw(`global_position as "globalPosition", transaction_id as "transactionId",
  stream_id as "streamId", stream_position as "streamPosition", event_id as id, type, data, metadata,
  ${RECORDED_AT_MS} as "recordedAt", encode(hash, 'hex') as hash`);

/** A row of RECORDED_EVENT_COLUMNS: a RecordedEvent once `recordedAt` is made a Date in place. */
type EventRow = Omit<RecordedEvent, 'recordedAt'> & { recordedAt: number | Date };

/** A log entry of a type the reader does not want comes without its content. */
type LogRow = EventRow | (Pick<RecordedEvent, 'globalPosition' | 'transactionId'> & { streamId: null });

function toRecordedEvents(rows: EventRow[]): RecordedEvent[] {
  for (const row of rows) row.recordedAt = new Date(row.recordedAt);
  return rows as RecordedEvent[];
}

export class EventStore {
  private readonly announcer: AppendAnnouncer;

  constructor(private readonly db: AnyDatabase) {
    this.announcer = new AppendAnnouncer(db);
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    let result: AppendResult;
    try {
      result = await appendEvents(this.db, streamId, events, options.expectedVersion);
    } catch (error) {
      // A conflict caught by the unique stream position (a session reading an older snapshot) carries no
      // version: report the stream's version as it is now.
      if (error instanceof StreamVersionConflict && error.actual === undefined) {
        throw new StreamVersionConflict(
          streamId,
          options.expectedVersion,
          await this.streamVersion(streamId),
        );
      }
      throw error;
    }
    this.announce();
    return result;
  }

  /**
   * Appends inside the caller's transaction. Followers notice on their next poll; run the transaction
   * through `transaction()`, or call `announce()` after commit, to wake them at once.
   */
  appendInTransaction(
    trx: AnyTransaction,
    streamId: string,
    events: NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    return appendEvents(trx, streamId, events, options.expectedVersion);
  }

  /** Runs `work` in a transaction and, once it has committed, wakes the log's followers. */
  async transaction<T>(work: (trx: AnyTransaction) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute(work);
    this.announce();
    return result;
  }

  /** Tells followers new events may exist (best effort: they poll as well). */
  announce(): void {
    this.announcer.request();
  }

  async streamVersion(streamId: string): Promise<number> {
    const { rows } = await sql<{ version: number }>`
      select coalesce(max(stream_position), 0) as version from events where stream_id = ${streamId}
    `.execute(this.db);
    return rows[0]?.version ?? 0;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await sql<EventRow>`
      select ${RECORDED_EVENT_COLUMNS}
      from events
      where stream_id = ${streamId}
        and stream_position between ${options.fromPosition ?? 1} and ${options.toPosition ?? 2_147_483_647}
      order by stream_position
    `.execute(this.db);
    return toRecordedEvents(rows);
  }

  /** Committed events after `after`, in log order, never skipping one that commits later with a lower position. */
  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return readAll(this.db, options);
  }

  /** A window of the log for followers: their position moves past entries of unwanted types too. */
  async readLog(options: ReadAllOptions): Promise<LogPage> {
    return readLog(this.db, options);
  }
}

async function appendEvents(
  db: AnyDatabase,
  streamId: string,
  events: NewEvent[],
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  for (const event of events) {
    if (!UUID.test(event.id)) throw new TypeError(`Event id ${JSON.stringify(event.id)} is not a uuid`);
  }
  let row: AppendRow | undefined;
  try {
    ({
      rows: [row],
    } = await db.executeQuery<AppendRow>(
      CompiledQuery.raw(APPEND_EVENTS, [
        streamId,
        expectedVersionParameter(expectedVersion),
        events.map((event) => event.id),
        events.map((event) => event.type),
        JSON.stringify(events.map((event) => event.data)),
        JSON.stringify(events.map((event) => event.metadata ?? {})),
      ]),
    ));
  } catch (error) {
    throw translateUniqueViolation(error, streamId, expectedVersion);
  }
  if (!row) throw new Error('append_events returned no row');
  switch (row.outcome) {
    case 'appended':
    case 'already_appended':
      return {
        nextExpectedVersion: row.stream_version ?? 0,
        lastGlobalPosition: row.log_global_position ?? 0n,
        logPosition: {
          transactionId: row.log_transaction_id ?? 0n,
          globalPosition: row.log_global_position ?? 0n,
        },
      };
    case 'conflict':
      throw new StreamVersionConflict(streamId, expectedVersion, row.stream_version ?? 0);
    case 'duplicate':
      throw new DuplicateEvent(row.conflicting_event_id ?? '');
  }
}

function expectedVersionParameter(expected: ExpectedVersion): number | null {
  if (expected === 'any') return null;
  if (expected === 'no_stream') return 0;
  if (!Number.isInteger(expected) || expected < 0) {
    throw new RangeError(`Invalid expected version ${expected}`);
  }
  return expected;
}

function translateUniqueViolation(error: unknown, streamId: string, expected: ExpectedVersion): unknown {
  if (!isDatabaseError(error) || error.code !== UNIQUE_VIOLATION) return error;
  if (error.constraint === 'events_stream_position_key') {
    return new StreamVersionConflict(streamId, expected, undefined);
  }
  if (error.constraint === 'events_event_id_key') {
    return new DuplicateEvent(/\(event_id\)=\(([^)]+)\)/.exec(error.detail ?? '')?.[1] ?? '');
  }
  return error;
}

function isDatabaseError(error: unknown): error is { code: string; constraint?: string; detail?: string } {
  return (
    typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
  );
}

export async function readAll(db: AnyDatabase, options: ReadAllOptions): Promise<RecordedEvent[]> {
  const { rows } = await sql<EventRow>`
    select ${RECORDED_EVENT_COLUMNS}
    from events
    where (transaction_id, global_position) > (${String(options.after.transactionId)}::xid8, ${options.after.globalPosition}::bigint)
      and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      ${options.types ? sql`and type = any(${options.types}::text[])` : sql``}
    order by transaction_id, global_position
    limit ${options.limit}
  `.execute(db);
  return toRecordedEvents(rows);
}

export async function readLog(db: AnyDatabase, options: ReadAllOptions): Promise<LogPage> {
  if (!options.types) {
    const events = await readAll(db, options);
    const last = events.at(-1);
    return { events, position: last ? positionOf(last) : options.after, scanned: events.length };
  }
  // Content only for the wanted entries: per-column conditions cost the server less than a lateral join.
  const { rows } = await sql<LogRow>`
    select global_position as "globalPosition", transaction_id as "transactionId",
      case when wanted then stream_id end as "streamId",
      case when wanted then stream_position end as "streamPosition",
      case when wanted then event_id end as id,
      case when wanted then type end as type,
      case when wanted then data end as data,
      case when wanted then metadata end as metadata,
      case when wanted then ${sql.raw(RECORDED_AT_MS)} end as "recordedAt",
      case when wanted then encode(hash, 'hex') end as hash
    from (
      select *, type = any(${options.types}::text[]) as wanted
      from events
      where (transaction_id, global_position) > (${String(options.after.transactionId)}::xid8, ${options.after.globalPosition}::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id, global_position
      limit ${options.limit}
    ) page
    order by transaction_id, global_position
  `.execute(db);
  const last = rows.at(-1);
  return {
    events: toRecordedEvents(rows.filter((row): row is EventRow => row.streamId !== null)),
    position: last
      ? { transactionId: last.transactionId, globalPosition: last.globalPosition }
      : options.after,
    scanned: rows.length,
  };
}

export function positionOf(event: RecordedEvent): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/**
 * Sends NOTIFY outside the appending transactions, at most one in flight and one per interval, with
 * asynchronous commit: NOTIFY holds a database-wide lock until its transaction's commit is flushed.
 */
class AppendAnnouncer {
  private sending = false;
  private requested = false;

  constructor(
    private readonly db: AnyDatabase,
    private readonly minIntervalMs = 5,
  ) {}

  request(): void {
    if (this.sending) {
      this.requested = true;
      return;
    }
    this.send();
  }

  private send(): void {
    this.sending = true;
    this.requested = false;
    sql`select set_config('synchronous_commit', 'off', true), pg_notify(${EVENTS_CHANNEL}, '')`
      .execute(this.db)
      // A lost wake-up only delays followers until their next poll.
      .catch(() => undefined)
      .finally(() => {
        setTimeout(() => {
          this.sending = false;
          if (this.requested) this.send();
        }, this.minIntervalMs).unref();
      });
  }
}

import { CompiledQuery, sql } from 'kysely';
import { appendEvents, appendValues } from './append.js';
import { namedStatement, type AnyDatabase, type AnyTransaction } from './database.js';
import { StreamVersionConflict } from './errors.js';
import type { AppendResult, EventMetadata, ExpectedVersion, NewEvent, RecordedEvent } from './events.js';
import { GroupAppends } from './group-append.js';
import type { LogPosition } from './log-position.js';

export const EVENTS_CHANNEL = 'ledgerstone_events';

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

// Each event comes as one JSON array text, parsed by a single JSON.parse: reading the log is bound by Node's
// per-value work (a string per column, a parser call per jsonb value, the garbage), which this halves at about
// the server cost of sending columns. Positions and transaction ids fit a double exactly (below 2^53).
// recorded_at is sent as whole microseconds: date_part's float8 is within a quarter microsecond of the stored
// value, so the cast to int8 rounds to it exactly, and costs the server far less than extract's numeric.
// One concat() call builds the text in one go: a chain of || copies it into a new value at every step, which
// cost the server a quarter more per event.
const EVENT_JSON = `concat('[', global_position, ',', transaction_id, ',', to_json(stream_id), ',', stream_position,
  ',"', event_id, '",', to_json(type), ',', data, ',', metadata, ',',
  (date_part('epoch', recorded_at) * 1000000)::int8, ',"', encode(hash, 'hex'), '"]')`;

const EVENT_COLUMN = sql.raw(`${EVENT_JSON} as e`);

// The log in order, gap-safe: only transactions older than every one still running (their ids are below the
// snapshot's xmin), so an entry that commits later with a lower position is never skipped. Prepared, as a
// page's planning cost a fifth of what the server spends on it.
const LOG_AFTER = `from events
  where (transaction_id, global_position) > ($1::xid8, $2::bigint)
    and transaction_id < pg_snapshot_xmin(pg_current_snapshot())`;
const LOG_ORDER = 'order by transaction_id, global_position limit $3';

const READ_LOG = namedStatement('ls_read_log', `select ${EVENT_JSON} as e ${LOG_AFTER} ${LOG_ORDER}`);
const READ_LOG_OF_TYPES = namedStatement(
  'ls_read_log_of_types',
  `select ${EVENT_JSON} as e ${LOG_AFTER} and type = any($4::text[]) ${LOG_ORDER}`,
);
// Content only for the wanted entries: a condition per row costs the server less than a lateral join.
const READ_LOG_WINDOW = namedStatement(
  'ls_read_log_window',
  `select case when type = any($4::text[]) then ${EVENT_JSON}
    else '[' || global_position || ',' || transaction_id || ']' end as e
  ${LOG_AFTER} ${LOG_ORDER}`,
);

/** EVENT_JSON parsed: globalPosition, transactionId, streamId, streamPosition, id, type, data, metadata, recordedAt (µs), hash. */
type EventTuple = [number, number, string, number, string, string, unknown, EventMetadata, number, string];

/** A log entry of a type the reader does not want comes as [globalPosition, transactionId] only. */
type LogTuple = EventTuple | [number, number];

function toRecordedEvent(tuple: EventTuple): RecordedEvent {
  return {
    globalPosition: BigInt(tuple[0]),
    transactionId: BigInt(tuple[1]),
    streamId: tuple[2],
    streamPosition: tuple[3],
    id: tuple[4],
    type: tuple[5],
    data: tuple[6],
    metadata: tuple[7],
    recordedAt: new Date(Math.floor(tuple[8] / 1000)),
    hash: tuple[9],
  };
}

function toRecordedEvents(rows: { e: string }[]): RecordedEvent[] {
  const events = new Array<RecordedEvent>(rows.length);
  for (let i = 0; i < rows.length; i++) events[i] = toRecordedEvent(JSON.parse(rows[i]!.e) as EventTuple);
  return events;
}

export class EventStore {
  private readonly announcer: AppendAnnouncer;
  private readonly appends: GroupAppends;

  constructor(private readonly db: AnyDatabase) {
    this.announcer = new AppendAnnouncer(db);
    this.appends = new GroupAppends(db, (streamId, values, expected) =>
      appendValues(db, streamId, values, expected),
    );
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    let result: AppendResult;
    try {
      result = await this.appends.append(streamId, events, options.expectedVersion);
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
    const { rows } = await sql<{ e: string }>`
      select ${EVENT_COLUMN}
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

  /**
   * The committed log after `after`, page by page: the next page is already being read (on another
   * connection) while the caller handles the current one.
   */
  readAllPages(options: ReadAllOptions): AsyncGenerator<RecordedEvent[]> {
    return readAllPages(this.db, options);
  }

  /** A window of the log for followers: their position moves past entries of unwanted types too. */
  async readLog(options: ReadAllOptions): Promise<LogPage> {
    return readLog(this.db, options);
  }
}

export async function readAll(db: AnyDatabase, options: ReadAllOptions): Promise<RecordedEvent[]> {
  return toRecordedEvents(await readAllRows(db, options));
}

function readAllRows(db: AnyDatabase, options: ReadAllOptions): Promise<{ e: string }[]> {
  const after = [String(options.after.transactionId), options.after.globalPosition];
  const query = options.types
    ? CompiledQuery.raw(READ_LOG_OF_TYPES, [...after, options.limit, options.types])
    : CompiledQuery.raw(READ_LOG, [...after, options.limit]);
  return db.executeQuery<{ e: string }>(query).then((result) => result.rows);
}

/**
 * Pages of log rows, the next page already being read (on another connection) while the caller handles the
 * current one: only the last row is parsed to ask for it. Ends after the first page shorter than the limit.
 */
async function* readAheadPages(
  options: ReadAllOptions,
  readRows: (after: LogPosition) => Promise<{ e: string }[]>,
): AsyncGenerator<{ rows: { e: string }[]; after: LogPosition }> {
  let after = options.after;
  let next: Promise<{ e: string }[]> | undefined = readRows(after);
  while (next) {
    const rows: { e: string }[] = await next;
    next = undefined;
    const pageAfter = after;
    if (rows.length === options.limit) {
      const [globalPosition, transactionId] = JSON.parse(rows[rows.length - 1]!.e) as LogTuple;
      after = { transactionId: BigInt(transactionId), globalPosition: BigInt(globalPosition) };
      next = readRows(after);
      // A failed read-ahead surfaces when awaited; until then it must not count as unhandled.
      next.catch(() => undefined);
      // The query goes out once the pool has handed over a connection, a few ticks from now: let that
      // happen before parsing this page, or the server would only start on the next page after it.
      await new Promise((resolve) => setImmediate(resolve));
    }
    yield { rows, after: pageAfter };
  }
}

export async function* readAllPages(
  db: AnyDatabase,
  options: ReadAllOptions,
): AsyncGenerator<RecordedEvent[]> {
  for await (const { rows } of readAheadPages(options, (after) => readAllRows(db, { ...options, after }))) {
    if (rows.length === 0) return;
    yield toRecordedEvents(rows);
  }
}

/** The log as followers read it (see readLog), window after window, the next one read ahead. */
export async function* readLogPages(db: AnyDatabase, options: ReadAllOptions): AsyncGenerator<LogPage> {
  for await (const { rows, after } of readAheadPages(options, (after) =>
    readLogRows(db, { ...options, after }),
  )) {
    yield toLogPage(rows, after);
  }
}

export async function readLog(db: AnyDatabase, options: ReadAllOptions): Promise<LogPage> {
  return toLogPage(await readLogRows(db, options), options.after);
}

function readLogRows(db: AnyDatabase, options: ReadAllOptions): Promise<{ e: string }[]> {
  if (!options.types) return readAllRows(db, options);
  return db
    .executeQuery<{ e: string }>(
      CompiledQuery.raw(READ_LOG_WINDOW, [
        String(options.after.transactionId),
        options.after.globalPosition,
        options.limit,
        options.types,
      ]),
    )
    .then((result) => result.rows);
}

/** A window's rows as a page: entries of unwanted types come as positions only, and move the position too. */
function toLogPage(rows: { e: string }[], after: LogPosition): LogPage {
  const events: RecordedEvent[] = [];
  let last: LogTuple | undefined;
  for (const row of rows) {
    last = JSON.parse(row.e) as LogTuple;
    if (last.length > 2) events.push(toRecordedEvent(last as EventTuple));
  }
  return {
    events,
    position: last ? { transactionId: BigInt(last[1]), globalPosition: BigInt(last[0]) } : after,
    scanned: rows.length,
  };
}

export function positionOf(event: RecordedEvent): LogPosition {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/**
 * The shortest time between two wake-ups of the log's followers: the first append after a quiet spell is announced
 * at once. Under load the api's pool spaces them further: 50 ms changed nothing measurable in bench:http.
 */
export const ANNOUNCE_INTERVAL_MS = 5;

/**
 * Sends NOTIFY outside the appending transactions, at most one in flight and one per interval, with
 * asynchronous commit: NOTIFY holds a database-wide lock until its transaction's commit is flushed.
 */
class AppendAnnouncer {
  private sending = false;
  private requested = false;
  /** Requests so far: each wake-up carries the count it answers (followers ignore it; it shows none is lost). */
  private requests = 0;

  constructor(
    private readonly db: AnyDatabase,
    private readonly minIntervalMs = ANNOUNCE_INTERVAL_MS,
  ) {}

  request(): void {
    this.requests += 1;
    if (this.sending) {
      this.requested = true;
      return;
    }
    this.send();
  }

  private send(): void {
    this.sending = true;
    this.requested = false;
    sql`select set_config('synchronous_commit', 'off', true), pg_notify(${EVENTS_CHANNEL}, ${String(this.requests)})`
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

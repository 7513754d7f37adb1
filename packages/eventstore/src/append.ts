import { CompiledQuery, sql, type RawBuilder } from 'kysely';
import { namedStatement, type AnyDatabase, type AnyTransaction } from './database.js';
import { DuplicateEvent, StreamVersionConflict } from './errors.js';
import type { AppendResult, ExpectedVersion, NewEvent } from './events.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNIQUE_VIOLATION = '23505';

// Prepared once per connection: parsing and planning the call each time cost the server a sixth of an append.
const APPEND_EVENTS = namedStatement(
  'ls_append_events',
  `select outcome, stream_version, log_transaction_id, log_global_position, conflicting_event_id
  from append_events($1, $2, $3::uuid[], $4::text[], $5::jsonb, $6::jsonb)`,
);

export interface AppendRow {
  outcome: 'appended' | 'already_appended' | 'conflict' | 'duplicate';
  stream_version: number | null;
  log_transaction_id: bigint | null;
  log_global_position: bigint | null;
  conflicting_event_id: string | null;
}

/** Appends `events` to one stream in one statement: in the caller's transaction, or in one of its own. */
export function appendEvents(
  db: AnyDatabase | AnyTransaction,
  streamId: string,
  events: NewEvent[],
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  return appendValues(db, streamId, appendArguments(events, expectedVersion), expectedVersion);
}

/** appendEvents with its events already turned into the statement's values. */
export async function appendValues(
  db: AnyDatabase | AnyTransaction,
  streamId: string,
  values: AppendArguments,
  expectedVersion: ExpectedVersion,
): Promise<AppendResult> {
  let row: AppendRow | undefined;
  try {
    ({
      rows: [row],
    } = await db.executeQuery<AppendRow>(
      CompiledQuery.raw(APPEND_EVENTS, [
        streamId,
        values.expectedVersion,
        values.ids,
        values.types,
        values.data,
        values.metadata,
      ]),
    ));
  } catch (error) {
    throw appendFailure(error, streamId, expectedVersion);
  }
  return appendResult(row, streamId, expectedVersion);
}

/** What `append_events` takes besides the stream's id, as a statement's values. */
export interface AppendArguments {
  expectedVersion: number | null;
  ids: string[];
  types: string[];
  /** The events' data, a JSON array. */
  data: string;
  /** The events' metadata, a JSON array. */
  metadata: string;
}

/** The events and the expected version as `append_events` takes them; refuses an id that is not a uuid. */
export function appendArguments(events: NewEvent[], expectedVersion: ExpectedVersion): AppendArguments {
  for (const event of events) {
    if (!UUID.test(event.id)) throw new TypeError(`Event id ${JSON.stringify(event.id)} is not a uuid`);
  }
  return {
    expectedVersion: expectedVersionParameter(expectedVersion),
    ids: events.map((event) => event.id),
    types: events.map((event) => event.type),
    data: JSON.stringify(events.map((event) => event.data)),
    metadata: JSON.stringify(events.map((event) => event.metadata ?? {})),
  };
}

/**
 * The append as a row source (`from append_events(...)`) for a caller's own statement, so that what it writes with
 * the events (a state row, say) leaves in the same round trip. Each argument is the statement's value for that
 * field of AppendArguments, or for the stream's id. Its one row is an AppendRow: read it with `appendResult`, and
 * pass what the statement throws to `appendFailure`.
 */
export function appendEventsFrom(
  values: Record<keyof AppendArguments | 'streamId', unknown>,
): RawBuilder<AppendRow> {
  return sql<AppendRow>`append_events(${values.streamId}, ${values.expectedVersion}, ${values.ids}::uuid[],
    ${values.types}::text[], ${values.data}::jsonb, ${values.metadata}::jsonb)`;
}

/** What the append's row says: where the events are, or the conflict or duplicate that refused them. */
export function appendResult(
  row: AppendRow | undefined,
  streamId: string,
  expectedVersion: ExpectedVersion,
): AppendResult {
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

/** A statement that appended failed: a conflict the events' unique keys caught becomes the store's error. */
export function appendFailure(error: unknown, streamId: string, expectedVersion: ExpectedVersion): unknown {
  return translateUniqueViolation(error, streamId, expectedVersion);
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

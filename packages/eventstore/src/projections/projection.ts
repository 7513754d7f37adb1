import { CompiledQuery, sql } from 'kysely';
import type { RecordedEvent } from '../events.js';
import type { LogPosition } from '../log-position.js';
import { namedStatement, type AnyDatabase, type AnyTransaction } from '../database.js';

/**
 * A read model fed by the log. Its SQL must name its tables without a schema: a rebuild runs `createTables`
 * and `apply` with the search path set to a scratch schema, then moves `tables` into place.
 */
export interface Projection {
  name: string;
  eventTypes: readonly string[];
  /** Every table the projection owns; `createTables` creates exactly these (with their indexes). */
  tables: readonly string[];
  createTables(db: AnyDatabase): Promise<void>;
  /** Applies a batch in log order, inside the transaction that also moves the checkpoint. */
  apply(trx: AnyTransaction, events: RecordedEvent[]): Promise<void>;
}

interface CheckpointRow {
  transaction_id: bigint;
  global_position: bigint;
}

export async function ensureCheckpoint(db: AnyDatabase, name: string): Promise<void> {
  await sql`
    insert into projection_checkpoints (name, transaction_id, global_position)
    values (${name}, '0'::xid8, 0)
    on conflict (name) do nothing
  `.execute(db);
}

/**
 * Locks the projection's checkpoint row until the transaction ends: whoever holds it (a runner applying a
 * batch, a rebuild swapping tables in) is the only writer of the projection's tables.
 */
export async function lockCheckpoint(trx: AnyTransaction, name: string): Promise<LogPosition> {
  const { rows } = await sql<CheckpointRow>`
    select transaction_id, global_position from projection_checkpoints where name = ${name} for update
  `.execute(trx);
  if (!rows[0]) throw new Error(`Projection ${name} has no checkpoint`);
  return toPosition(rows[0]);
}

export async function saveCheckpoint(
  trx: AnyTransaction,
  name: string,
  position: LogPosition,
): Promise<void> {
  await sql`
    update projection_checkpoints
    set transaction_id = ${String(position.transactionId)}::xid8, global_position = ${position.globalPosition},
      updated_at = now()
    where name = ${name}
  `.execute(trx);
}

// Prepared once per connection: the runner moves a checkpoint with every batch.
const ADVANCE_CHECKPOINT = namedStatement(
  'ls_advance_checkpoint',
  `update projection_checkpoints set transaction_id = $1::xid8, global_position = $2, updated_at = now()
  where name = $3 and transaction_id = $4::xid8 and global_position = $5
  returning name`,
);

/**
 * Moves the checkpoint from `from` to `to` and keeps it locked until the transaction ends, as lockCheckpoint
 * does; false, moving nothing, when it is not at `from` (a rebuild swapped its tables in).
 */
export async function advanceCheckpoint(
  db: AnyDatabase,
  name: string,
  from: LogPosition,
  to: LogPosition,
): Promise<boolean> {
  const { rows } = await db.executeQuery(
    CompiledQuery.raw(ADVANCE_CHECKPOINT, [
      String(to.transactionId),
      to.globalPosition,
      name,
      String(from.transactionId),
      from.globalPosition,
    ]),
  );
  return rows.length === 1;
}

// Asynchronous commit, as the runner's own connections have: a lost move is read again after a crash.
const ADVANCE_CHECKPOINTS = namedStatement(
  'ls_advance_checkpoints',
  `with asynchronous_commit as (select set_config('synchronous_commit', 'off', true))
  update projection_checkpoints c
  set transaction_id = moves.to_transaction::xid8, global_position = moves.to_position, updated_at = now()
  from asynchronous_commit,
    unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::bigint[])
      as moves(name, to_transaction, to_position, from_transaction, from_position)
  where c.name = moves.name and c.transaction_id = moves.from_transaction::xid8
    and c.global_position = moves.from_position
  returning c.name`,
);

export interface CheckpointMove {
  name: string;
  from: LogPosition;
  to: LogPosition;
}

/**
 * Moves several checkpoints in one statement, each only from its `from` (as advanceCheckpoint); returns the
 * names of those moved.
 */
export async function advanceCheckpoints(
  db: AnyDatabase,
  moves: readonly CheckpointMove[],
): Promise<Set<string>> {
  const { rows } = await db.executeQuery<{ name: string }>(
    CompiledQuery.raw(ADVANCE_CHECKPOINTS, [
      moves.map((move) => move.name),
      moves.map((move) => String(move.to.transactionId)),
      moves.map((move) => String(move.to.globalPosition)),
      moves.map((move) => String(move.from.transactionId)),
      moves.map((move) => String(move.from.globalPosition)),
    ]),
  );
  return new Set(rows.map((row) => row.name));
}

export async function readCheckpoints(db: AnyDatabase): Promise<Map<string, LogPosition>> {
  const { rows } = await sql<CheckpointRow & { name: string }>`
    select name, transaction_id, global_position from projection_checkpoints
  `.execute(db);
  return new Map(rows.map((row) => [row.name, toPosition(row)]));
}

function toPosition(row: CheckpointRow): LogPosition {
  return { transactionId: row.transaction_id, globalPosition: row.global_position };
}

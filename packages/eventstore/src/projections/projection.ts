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

export async function readCheckpoints(db: AnyDatabase): Promise<Map<string, LogPosition>> {
  const { rows } = await sql<CheckpointRow & { name: string }>`
    select name, transaction_id, global_position from projection_checkpoints
  `.execute(db);
  return new Map(rows.map((row) => [row.name, toPosition(row)]));
}

function toPosition(row: CheckpointRow): LogPosition {
  return { transactionId: row.transaction_id, globalPosition: row.global_position };
}

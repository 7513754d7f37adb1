import type { AnyTransaction, RecordedEvent } from '@ledgerstone/eventstore';

/** A row a single stream writes, with the stream position of the last event applied to it. */
export interface VersionedRow {
  version: number;
}

/** A table of rows keyed by one column, each row the fold of the events that name its key. */
export interface KeyedRows<Row, E extends RecordedEvent> {
  table: string;
  key: keyof Row & string;
  keyOf(event: E): string | null;
  evolve(row: Row | null, event: E): Row | null;
}

/**
 * Whether the row already reflects the event: a batch delivered again after a crash leaves the row as it is.
 * Every event of one row comes from one stream, so its stream position orders them.
 */
export function alreadyApplied(row: VersionedRow | null, event: RecordedEvent): boolean {
  return row !== null && event.streamPosition <= row.version;
}

/** Reads the rows a batch touches in one query, folds the events in memory and writes the changed rows back. */
export async function applyKeyedRows<Row extends object, E extends RecordedEvent>(
  trx: AnyTransaction,
  model: KeyedRows<Row, E>,
  events: readonly E[],
): Promise<void> {
  const keyed = events.flatMap((event) => {
    const key = model.keyOf(event);
    return key === null ? [] : [{ key, event }];
  });
  if (keyed.length === 0) return;
  const keys = [...new Set(keyed.map(({ key }) => key))];
  const keyColumn: string = model.key;
  const existing = (await trx
    .selectFrom(model.table)
    .selectAll()
    .where(keyColumn, 'in', keys)
    .execute()) as Row[];
  const rows = new Map<string, Row | null>(existing.map((row) => [String(row[model.key]), row]));
  const changed = new Set<string>();
  for (const { key, event } of keyed) {
    const before = rows.get(key) ?? null;
    const after = model.evolve(before, event);
    if (after !== before && after !== null) {
      rows.set(key, after);
      changed.add(key);
    }
  }
  const written = [...changed].map((key) => rows.get(key)) as Row[];
  if (written.length === 0) return;
  const columns = Object.keys(written[0]!).filter((column) => column !== model.key);
  await trx
    .insertInto(model.table)
    .values(written)
    .onConflict((conflict) =>
      conflict
        .column(model.key)
        .doUpdateSet((update) =>
          Object.fromEntries(columns.map((column) => [column, update.ref(`excluded.${column}`)])),
        ),
    )
    .execute();
}

import { afterAll, beforeAll } from '@jest/globals';
import {
  createTestDatabase,
  type AnyDatabase,
  type Projection,
  type RecordedEvent,
  type TestDatabase,
} from '@ledgerstone/eventstore';
import { sql } from 'kysely';

/**
 * A database of its own for one spec file, holding the tables of `projections`: created before the file's
 * tests, dropped after them.
 */
export function projectionDatabase(label: string, projections: readonly Projection[]) {
  let database: TestDatabase<unknown> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(label);
    for (const projection of projections) await projection.createTables(database.db);
  });

  afterAll(async () => {
    await database?.drop();
  });

  const db = (): AnyDatabase => {
    if (!database) throw new Error('The projection database exists only while the tests run');
    return database.db;
  };

  return {
    db,

    /** Delivers one batch the way the runner does: in one transaction. */
    async deliver(projection: Projection, events: RecordedEvent[]): Promise<void> {
      await db()
        .transaction()
        .execute((trx) => projection.apply(trx, events));
    },

    async row(table: string, column: string, key: string): Promise<Record<string, unknown> | undefined> {
      const { rows } = await sql<Record<string, unknown>>`
        select * from ${sql.table(table)} where ${sql.ref(column)} = ${key}
      `.execute(db());
      return rows[0];
    },

    async rowsOf(table: string, column: string, key: string): Promise<Record<string, unknown>[]> {
      const { rows } = await sql<Record<string, unknown>>`
        select * from ${sql.table(table)} where ${sql.ref(column)} = ${key} order by 1
      `.execute(db());
      return rows;
    },
  };
}

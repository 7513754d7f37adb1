import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { withDatabase } from '../database.js';
import { migrateToLatest } from '../migrations/migrator.js';
import { createMigratedTestDatabase, createTestDatabase, type TestDatabase } from './test-database.js';

const tables = sql<{ name: string }>`
  select table_name as name from information_schema.tables where table_schema = 'public' order by 1
`;
const migrationsApplied = sql<{ name: string }>`select name from kysely_migration order by name`;

describe('a test database copied from the migrated template', () => {
  let migratedByHand: TestDatabase<unknown>;
  let first: TestDatabase<unknown>;
  let second: TestDatabase<unknown>;

  beforeAll(async () => {
    [migratedByHand, first, second] = await Promise.all([
      createTestDatabase('template_reference', { migrate: false }),
      createTestDatabase('template_copy'),
      createTestDatabase('template_copy'),
    ]);
    await migrateToLatest(migratedByHand.db);
  });

  afterAll(async () => {
    await Promise.all([migratedByHand, first, second].map((database) => database?.drop()));
  });

  it('has every table and every migration a database migrated from empty has', async () => {
    const expected = {
      tables: (await tables.execute(migratedByHand.db)).rows,
      migrations: (await migrationsApplied.execute(migratedByHand.db)).rows,
    };
    expect(expected.tables.length).toBeGreaterThan(10);

    for (const database of [first, second]) {
      expect({
        tables: (await tables.execute(database.db)).rows,
        migrations: (await migrationsApplied.execute(database.db)).rows,
      }).toEqual(expected);
    }
  });

  it('is a database of its own: what one test file writes, another does not see', async () => {
    await sql`create table only_in_first (id int)`.execute(first.db);

    const found = sql<{ count: number }>`
      select count(*)::int as count from information_schema.tables where table_name = 'only_in_first'
    `;
    expect((await found.execute(first.db)).rows).toEqual([{ count: 1 }]);
    expect((await found.execute(second.db)).rows).toEqual([{ count: 0 }]);
  });

  it('refuses a name not marked as a test database', async () => {
    const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    await expect(createMigratedTestDatabase(withDatabase(base, 'ledgerstone'))).rejects.toThrow(
      'Refusing to use ledgerstone as a test database',
    );
  });
});

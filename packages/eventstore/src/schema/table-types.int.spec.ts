import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { generateTableTypes, TABLE_TYPES_FILE } from './table-types.js';

describe("the write side's table types", () => {
  let database: TestDatabase<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase('table_types');
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('are committed as the migrations create them (after a new migration, run npm run db:types)', async () => {
    const committed = await readFile(TABLE_TYPES_FILE, 'utf8');

    expect(await generateTableTypes(database.db)).toBe(committed);
  });

  it('type a text column by the values its CHECK allows, and leave out the store and the read models', async () => {
    await sql`
      create table labels (
        kind text not null check (kind in ('plain', 'it''s')),
        colour text check (colour <> 'red')
      );
      create table rm_labels (id uuid primary key);
    `.execute(database.db);
    try {
      const generated = await generateTableTypes(database.db);

      expect(generated).toContain(
        `export interface Labels {\n  colour: string | null;\n  kind: 'plain' | "it's";\n}`,
      );
      expect(generated).not.toMatch(/rm_labels|projection_checkpoints|events:|kysely_migration/);
    } finally {
      await sql`drop table labels, rm_labels`.execute(database.db);
    }
  });
});

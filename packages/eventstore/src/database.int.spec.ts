import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

let database: TestDatabase<unknown>;

beforeAll(async () => {
  database = await createTestDatabase('database', { migrate: false });
});

afterAll(async () => {
  await database.drop();
});

describe('timestamptz values', () => {
  const parseAnyTimestamptz = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (
    value: string,
  ) => Date | number;

  it.each(['UTC', 'Asia/Kolkata', 'America/St_Johns', 'America/New_York', 'Pacific/Chatham'])(
    "read the same as with pg's general parser in time zone %s",
    async (zone) => {
      const values = await database.db.connection().execute(async (connection) => {
        await sql`select set_config('TimeZone', ${zone}, false)`.execute(connection);
        const { rows } = await sql<{ parsed: Date | number; text: string }>`
          select value as parsed, value::text as text
          from unnest(array[
            '2026-11-21 20:07:24.651471+00', '2026-11-21 20:07:24+00', '2026-03-29 01:30:00.5+00',
            '1999-12-31 23:59:59.999999+00', '0050-06-01 12:00:00+00', '2026-06-01 12:00:00+00 BC',
            'infinity', '-infinity'
          ]::timestamptz[]) value
        `.execute(connection);
        await sql`select set_config('TimeZone', 'UTC', false)`.execute(connection);
        return rows;
      });

      for (const { parsed, text } of values) {
        const expected = parseAnyTimestamptz(text);
        expect(typeof parsed === 'number' ? parsed : parsed.getTime()).toEqual(
          typeof expected === 'number' ? expected : expected.getTime(),
        );
      }
    },
  );
});

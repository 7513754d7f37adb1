import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { namedStatement } from './database.js';
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

describe('statements run again and again', () => {
  const prepared = async (connection: typeof database.db) => {
    const { rows } = await sql<{ statement: string }>`
      select statement from pg_prepared_statements where name like 'ls_auto_%' and statement like '%run_n%'
    `.execute(connection);
    return rows.map((row) => row.statement);
  };

  it('are prepared on their connection from the fifth run on, but for `select *` and those without parameters', async () => {
    const found = await database.db.connection().execute(async (connection) => {
      const seen: string[][] = [];
      for (let run = 1; run <= 6; run++) {
        const { rows } = await sql<{ run_n: number }>`select ${run}::int + 1 as run_n`.execute(connection);
        expect(rows).toEqual([{ run_n: run + 1 }]);
        await sql`select * from (select ${run}::int as run_n) runs`.execute(connection);
        await sql`select 1 as run_n`.execute(connection);
        seen.push(await prepared(connection));
      }
      return seen;
    });
    expect(found[3]).toEqual([]);
    expect(found[4]).toEqual(['select $1::int + 1 as run_n']);
    expect(found[5]).toEqual(['select $1::int + 1 as run_n']);
  });

  /** The names this connection prepared statements beginning with `start` under, oldest first. */
  const preparedNames = async (connection: typeof database.db, start: string) =>
    (
      await sql<{ name: string }>`
        select name from pg_prepared_statements where starts_with(statement, ${start}) order by prepare_time
      `.execute(connection)
    ).rows.map((row) => row.name);

  it('run unprepared once a migration changed the type of a column they return, and prepared again later', async () => {
    await sql`create table plan_change (id int primary key, doc jsonb not null)`.execute(database.db);
    await sql`insert into plan_change values (1, '{"a": 1}')`.execute(database.db);
    // Another process's migration, on a connection of its own.
    const migrate = (type: 'json' | 'jsonb') =>
      sql`alter table plan_change alter column doc type ${sql.raw(type)}`.execute(database.db);

    await database.db.connection().execute(async (connection) => {
      const read = async () =>
        (await sql<{ doc: unknown }>`select doc from plan_change where id = ${1}`.execute(connection)).rows;
      const preparedReads = () => preparedNames(connection, 'select doc from plan_change');

      for (let run = 1; run <= 5; run++) await read();
      const [first] = await preparedReads();
      expect(first).toMatch(/^ls_auto_\d+$/);

      await migrate('json');
      expect(await read()).toEqual([{ doc: { a: 1 } }]);
      for (let run = 1; run <= 5; run++) expect(await read()).toEqual([{ doc: { a: 1 } }]);
      expect(await preparedReads()).toHaveLength(2);

      // Inside a transaction the refused run has ended it: the caller hears why, and the next run is unprepared.
      await migrate('jsonb');
      await sql`begin`.execute(connection);
      await expect(read()).rejects.toThrow('cached plan must not change result type');
      await sql`rollback`.execute(connection);
      expect(await read()).toEqual([{ doc: { a: 1 } }]);
    });
  });

  it('named by the store, run unprepared once a migration changed their result, then prepared under a new name', async () => {
    await sql`create table named_plan_change (id int primary key, doc jsonb not null)`.execute(database.db);
    await sql`insert into named_plan_change values (1, '{"b": 2}')`.execute(database.db);
    const text = namedStatement(
      'ls_test_named_plan_change',
      'select doc from named_plan_change where id = $1',
    );

    await database.db.connection().execute(async (connection) => {
      const read = async () => (await connection.executeQuery(CompiledQuery.raw(text, [1]))).rows;
      const preparedReads = () => preparedNames(connection, 'select doc from named_plan_change');

      expect(await read()).toEqual([{ doc: { b: 2 } }]);
      expect(await preparedReads()).toEqual(['ls_test_named_plan_change']);
      await sql`alter table named_plan_change alter column doc type json`.execute(database.db);
      expect(await read()).toEqual([{ doc: { b: 2 } }]);
      expect(await read()).toEqual([{ doc: { b: 2 } }]);
      expect(await preparedReads()).toEqual([
        'ls_test_named_plan_change',
        expect.stringMatching(/^ls_test_named_plan_change_\d+$/),
      ]);
    });
  });
});

describe('the account state column', () => {
  it('is json, kept as written, compressed with lz4: what every command rewriting a large state pays least for', async () => {
    const migrated = await createTestDatabase('account_state_compression');
    try {
      const { rows } = await sql<{ type: string; compression: string }>`
        select atttypid::regtype::text as type, attcompression as compression from pg_attribute
        where attrelid = 'account_states'::regclass and attname = 'state'
      `.execute(migrated.db);

      expect(rows).toEqual([{ type: 'json', compression: 'l' }]);
    } finally {
      await migrated.drop();
    }
  });
});

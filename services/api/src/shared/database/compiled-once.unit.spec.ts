import { describe, expect, it } from '@jest/globals';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
} from 'kysely';
import { compiledOnce } from './compiled-once.js';

interface Tables {
  sessions: { id: string; token_hash: string; audience: string; ended_at: Date | null };
}

/** A database that compiles and "runs" statements without a server, keeping what it was sent. */
function recordingDatabase() {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  return { db, sent };
}

const sessionOf = compiledOnce((db: Kysely<Tables>, parameter: (name: 'token' | 'audience') => never) =>
  db
    .selectFrom('sessions')
    .select('id')
    .where('audience', '=', parameter('audience'))
    .where('ended_at', 'is', null)
    .where('id', '!=', 'a constant of the query')
    .where('token_hash', '=', parameter('token')),
);

describe('a query compiled once', () => {
  it("given two runs, when each passes its values, then each is sent the query's text with its own values in place", async () => {
    const { db, sent } = recordingDatabase();

    await sessionOf(db, { token: 'hash one', audience: 'member' });
    await sessionOf(db, { token: 'hash two', audience: 'admin' });

    expect(sent.map((query) => query.parameters)).toEqual([
      ['member', 'a constant of the query', 'hash one'],
      ['admin', 'a constant of the query', 'hash two'],
    ]);
    expect(sent[0]?.sql).toBe(sent[1]?.sql);
    expect(sent[0]?.sql).toBe(
      'select "id" from "sessions" where "audience" = $1 and "ended_at" is null and "id" != $2 and "token_hash" = $3',
    );
  });

  it('given a placeholder written into the text rather than passed as a parameter, when it runs, then it refuses', async () => {
    const { db } = recordingDatabase();
    const byColumn = compiledOnce((kysely: Kysely<Tables>, parameter: (name: 'column') => never) =>
      kysely.selectFrom('sessions').select(sql.ref<string>(parameter('column')).as('picked')),
    );

    await expect(byColumn(db, { column: 'id' })).rejects.toThrow(/column is not a parameter/);
  });
});

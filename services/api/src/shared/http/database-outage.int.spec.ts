import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@ledgerstone/eventstore';
import pg from 'pg';
import { errorResponse } from './error-response.js';

const unavailable = {
  status: 503,
  body: { message: 'Service temporarily unavailable, please try again shortly.' },
};

/** What a request meets while PostgreSQL ends and refuses connections (a restart, a failover, an operator). */
describe('a PostgreSQL outage answers 503, never 500', () => {
  let database: TestDatabase<unknown>;
  let admin: pg.Client;
  const name = () => new URL(database.url).pathname.slice(1);

  beforeAll(async () => {
    database = await createTestDatabase('database_outage', { migrate: false });
    const server = new URL(database.url);
    server.pathname = '/postgres';
    admin = new pg.Client({ connectionString: server.toString() });
    await admin.connect();
  });

  afterAll(async () => {
    await admin.query(`alter database "${name()}" with allow_connections true`);
    await admin.end();
    await database.drop();
  });

  async function failureOf(work: Promise<unknown>): Promise<Error> {
    const outcome = await work.then(
      () => new Error('the query succeeded'),
      (error: unknown) => error as Error,
    );
    return outcome;
  }

  it('when its connection is ended during a query', async () => {
    const client = new pg.Client({ connectionString: database.url });
    client.on('error', () => undefined);
    const ended = new Promise((resolve) => client.once('end', resolve));
    await client.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // Its failure is taken at once: the termination can reach this client before the admin's answer arrives.
    const failure = failureOf(client.query('select pg_sleep(5)'));
    await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    const error = await failure;
    // What the transaction's rollback meets next on the same connection.
    await ended;
    const next = await failureOf(client.query('rollback'));
    await client.end().catch(() => undefined);

    expect(errorResponse(error)).toEqual(unavailable);
    expect(next.message).toBe('Client has encountered a connection error and is not queryable');
    expect(errorResponse(next)).toEqual(unavailable);
  });

  it('when the database refuses new connections', async () => {
    await admin.query(`alter database "${name()}" with allow_connections false`);
    const client = new pg.Client({ connectionString: database.url });
    const error = await failureOf(client.connect());
    await admin.query(`alter database "${name()}" with allow_connections true`);

    expect(errorResponse(error)).toEqual(unavailable);
  });

  it('but a query that is wrong stays a server fault', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const error = await failureOf(client.query('select * from no_such_table'));
    await client.end();

    expect(errorResponse(error)).toBeUndefined();
  });
});

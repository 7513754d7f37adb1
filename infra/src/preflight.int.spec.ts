import { describe, expect, it } from '@jest/globals';
import { createServer, type Socket } from 'node:net';
import { checkPortFree, checkPostgres, checkRedis, START_POSTGRES, START_REDIS } from './preflight.js';

const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('preflight', () => {
  it('passes for the PostgreSQL and Redis that answer', async () => {
    await expect(checkPostgres(postgresUrl)).resolves.toBeNull();
    await expect(checkRedis(redisUrl)).resolves.toBeNull();
  });

  it('passes for a database that does not exist yet, since start creates it', async () => {
    const missing = new URL(postgresUrl);
    missing.pathname = '/ls_test_preflight_never_created';
    await expect(checkPostgres(missing.toString())).resolves.toBeNull();
  });

  it('names the URL and the command that starts PostgreSQL when nothing answers, on one line', async () => {
    const problem = await checkPostgres('postgres://postgres:secret@127.0.0.1:1/ledgerstone');
    expect(problem).toContain(
      'PostgreSQL does not answer at postgres://postgres:***@127.0.0.1:1/ledgerstone',
    );
    expect(problem).toContain(START_POSTGRES);
    expect(problem).not.toContain('secret');
    expect(problem).not.toContain('\n');
  });

  it('names the URL and the command that starts Redis when nothing answers, on one line', async () => {
    const problem = await checkRedis('redis://127.0.0.1:1');
    expect(problem).toContain('Redis does not answer at redis://127.0.0.1:1');
    expect(problem).toContain(START_REDIS);
    expect(problem).not.toContain('\n');
  });

  it('gives up within about 3 s on a server that accepts but never speaks', async () => {
    const connections = new Set<Socket>();
    const silent = createServer((socket) => connections.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    const started = Date.now();
    try {
      const [postgres, redis] = await Promise.all([
        checkPostgres(`postgres://postgres@127.0.0.1:${port}/ledgerstone`),
        checkRedis(`redis://127.0.0.1:${port}`),
      ]);
      expect(postgres).toContain(`PostgreSQL does not answer at postgres://postgres@127.0.0.1:${port}`);
      expect(redis).toContain(`Redis does not answer at redis://127.0.0.1:${port}`);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      for (const socket of connections) socket.destroy();
      silent.close();
    }
  }, 10_000);

  it('says the server answered but refused, without the start command, when credentials are wrong', async () => {
    const postgres = new URL(postgresUrl);
    postgres.username = 'ls_no_such_role';
    const postgresProblem = await checkPostgres(postgres.toString());
    expect(postgresProblem).toMatch(/^PostgreSQL at .* refused the connection: .*ls_no_such_role/);
    expect(postgresProblem).not.toContain(START_POSTGRES);

    const redis = new URL(redisUrl);
    redis.username = 'ls_no_such_user';
    redis.password = 'wrong';
    const redisProblem = await checkRedis(redis.toString());
    expect(redisProblem).toMatch(
      /^Redis at redis:\/\/ls_no_such_user:\*\*\*@.* refused the connection: WRONGPASS/,
    );
    expect(redisProblem).not.toContain(START_REDIS);
  });

  it('reports a port that something already listens on', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as { port: number };
    try {
      await expect(checkPortFree(port, 'the api', 'PORT')).resolves.toBe(
        `Port ${port} is already in use; the api needs it: stop what holds it or set PORT`,
      );
    } finally {
      holder.close();
    }
    await expect(checkPortFree(port, 'the api', 'PORT')).resolves.toBeNull();
  });
});

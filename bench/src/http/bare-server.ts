import { createServer } from 'node:http';
import pg from 'pg';

/**
 * The ceiling: node:http and one INSERT of the request body per request, with the api's pool size. No
 * framework, no session, no read before the write: what this machine's HTTP stack and PostgreSQL allow.
 */
const { DATABASE_URL, PORT, POOL_SIZE } = process.env;
if (!DATABASE_URL || !PORT || !POOL_SIZE) throw new Error('DATABASE_URL, PORT and POOL_SIZE are required');
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: Number(POOL_SIZE) });
await pool.query(`
  create table if not exists bench_requests (
    id bigint generated always as identity primary key,
    body jsonb not null,
    received_at timestamptz not null default now()
  )`);

const answer = (response: import('node:http').ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
};

const server = createServer((request, response) => {
  if (request.method === 'GET') return answer(response, 200, { status: 'ok' });
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    pool
      .query<{ id: string }>('insert into bench_requests (body) values ($1) returning id', [
        Buffer.concat(chunks).toString('utf8') || '{}',
      ])
      .then(
        ({ rows }) => answer(response, 201, { id: rows[0]?.id }),
        (error: Error) => answer(response, 500, { message: error.message }),
      );
  });
});
server.listen(Number(PORT), '127.0.0.1', () => console.log(`bare server on ${PORT}`));
process.once('SIGTERM', () => {
  server.close(() => void pool.end().finally(() => process.exit(0)));
  server.closeAllConnections();
});

import { connect } from 'node:net';
import { withDatabase } from '@ledgerstone/eventstore';
import { Redis } from 'ioredis';
import pg from 'pg';

export const START_POSTGRES = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
export const START_REDIS =
  'redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log';

const TIMEOUT_MS = 3000;

/** The URL as it may be printed: without its password. */
export function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function reason(error: unknown): string {
  if (error instanceof AggregateError) return reason(error.errors[0]);
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

function within<T>(timeoutMs: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves to null when the server answers, else to one line saying what is wrong and how to fix it. */
export async function checkPostgres(url: string, timeoutMs = TIMEOUT_MS): Promise<string | null> {
  // The server's maintenance database, since the application's own may not exist yet.
  const client = new pg.Client({
    connectionString: withDatabase(url, 'postgres'),
    connectionTimeoutMillis: timeoutMs,
  });
  client.on('error', () => undefined);
  try {
    await within(
      timeoutMs,
      client.connect().then(() => client.query('select 1')),
    );
    return null;
  } catch (error) {
    if (error instanceof pg.DatabaseError)
      return `PostgreSQL at ${redact(url)} refused the connection: ${error.message}`;
    return `PostgreSQL does not answer at ${redact(url)} (${reason(error)}); start it with: ${START_POSTGRES}`;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkRedis(url: string, timeoutMs = TIMEOUT_MS): Promise<string | null> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let lastError: unknown;
  redis.on('error', (error) => (lastError = error));
  try {
    await within(
      timeoutMs,
      redis.connect().then(() => redis.ping()),
    );
    return null;
  } catch (error) {
    // A reply (NOAUTH, WRONGPASS, ...) means the server is up but turned us away.
    const replied = (e: unknown) => e instanceof Error && e.name === 'ReplyError';
    const cause = replied(error) ? error : (lastError ?? error);
    if (replied(cause)) return `Redis at ${redact(url)} refused the connection: ${reason(cause)}`;
    return `Redis does not answer at ${redact(url)} (${reason(cause)}); start it with: ${START_REDIS}`;
  } finally {
    // Disconnecting a connection that already ended would hold the process open for ioredis' disconnect timeout.
    if (redis.status !== 'end') redis.disconnect();
  }
}

/** True when something already accepts connections on the local port. */
export function portInUse(port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, timeout: timeoutMs });
    const settle = (inUse: boolean) => {
      socket.destroy();
      resolve(inUse);
    };
    socket.once('connect', () => settle(true));
    socket.once('timeout', () => settle(false));
    socket.once('error', () => settle(false));
  });
}

export async function checkPortFree(port: number, user: string, setting: string): Promise<string | null> {
  if (!(await portInUse(port))) return null;
  return `Port ${port} is already in use; ${user} needs it: stop what holds it or set ${setting}`;
}

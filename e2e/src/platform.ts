import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import {
  createMigratedTestDatabase,
  dropDatabase,
  testDatabaseUrl,
  testRedisPrefix,
} from '@ledgerstone/eventstore';
import { freePort } from '@ledgerstone/process-kit/testing';

const repoRoot = new URL('../../', import.meta.url).pathname;

/**
 * The file the web build wrote a source module's chunk to (`assets/<hash>.js`), as its manifest says: chunks
 * are named by their hash alone. `source` is relative to frontend/, as `src/app/routes/auth/login-screen.tsx`.
 */
export function builtFile(source: string): string {
  const manifestFile = join(repoRoot, 'frontend/dist/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not a chunk of the web build (${manifestFile})`);
  return chunk.file;
}

/**
 * The api's clock in a browser test: the api reads its offset from real time from a file (`TEST_CLOCK_FILE`), so
 * a test moves the platform's time forward instead of waiting for it to pass.
 */
export interface PlatformClock {
  /** The api's time now, in epoch milliseconds. */
  now(): number;
  /** Sets the api's time to real time plus `offsetMs`. */
  setOffset(offsetMs: number): Promise<void>;
}

function fileClock(file: string): PlatformClock {
  const offset = () => {
    try {
      return Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
    } catch {
      return 0;
    }
  };
  return {
    now: () => Date.now() + offset(),
    setOffset: (offsetMs) => writeFile(file, String(offsetMs)),
  };
}

const clocks = new Map<string, PlatformClock>();

/** The clock of the platform serving `url` (any address on it). */
export function platformClock(url: string): PlatformClock {
  const clock = clocks.get(new URL(url).origin);
  if (!clock) throw new Error(`no platform started at ${url}`);
  return clock;
}

export interface RunningPlatform {
  baseUrl: string;
  clock: PlatformClock;
  /** The projector's GET /health/live and /health/ready, on a free port of its own. */
  projectorHealthUrl: string;
  /** The mailer's GET /health/live and /health/ready, on a free port of its own. */
  mailerHealthUrl: string;
  /** The platform's own database, dropped by stop(). */
  databaseUrl: string;
  /** Every message the platform sent, raw (headers and MIME body), in the order received. */
  mails: string[];
  output(): string;
  /** Stops everything; fails when the read models differ from a replay of the log (`npm run replay-check`). */
  stop(): Promise<void>;
}

/** The platform stopped at start because another process took one of its free ports in the meantime. */
class PortTaken extends Error {}

/**
 * Starts the whole platform the way `npm start` does (infra/dist/start.js, built beforehand by `npm test`),
 * on its own port, database, Redis prefix, object storage and SMTP server.
 */
export async function startPlatform(extraEnv: Record<string, string> = {}): Promise<RunningPlatform> {
  // A port found free can be taken before the platform listens on it (by a parallel test or an outgoing
  // connection's local port); the platform then refuses to start, and fresh ports are tried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPlatformOnce(extraEnv);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

async function startPlatformOnce(extraEnv: Record<string, string>): Promise<RunningPlatform> {
  const port = await freePort();
  // Free ports, so neither a running `npm start` (3001, 3002) nor a parallel run gets in the way.
  const [projectorHealthPort, mailerHealthPort] = [await freePort(), await freePort()];
  const s3Dir = await mkdtemp(join(tmpdir(), 'ls-e2e-s3-'));
  const clockDir = await mkdtemp(join(tmpdir(), 'ls-e2e-clock-'));
  const clockFile = join(clockDir, 'offset-ms');
  const s3 = new S3rver({
    // Port 0: the server takes a free port itself, so no other process can take it in between.
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'ledgerstone-e2e', configs: [] }],
  });
  const { port: s3Port } = await s3.run();
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(0, '127.0.0.1', resolve);
  });
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const databaseUrl = testDatabaseUrl('e2e');
  // The platform migrates its database at start: a copy of the migrated template leaves it nothing to do.
  await createMigratedTestDatabase(databaseUrl);
  const baseUrl = `http://localhost:${port}`;
  const clock = fileClock(clockFile);
  clocks.set(new URL(baseUrl).origin, clock);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot, 'infra/dist/start.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      APP_MODE: 'local',
      PORT: String(port),
      PROJECTOR_HEALTH_PORT: String(projectorHealthPort),
      MAILER_HEALTH_PORT: String(mailerHealthPort),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: databaseUrl,
      REDIS_PREFIX: testRedisPrefix('e2e'),
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'ledgerstone-e2e',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      TEST_CLOCK_FILE: clockFile,
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const shutdown = async (checkReplay: boolean) => {
    if (child.exitCode === null) child.kill('SIGINT');
    await exited;
    // Every read model of what the browser did must equal a replay of the log from the start.
    const replay = checkReplay
      ? spawnSync(process.execPath, [join(repoRoot, 'services/projector/dist/cli/replay-check.js')], {
          env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl },
          encoding: 'utf8',
        })
      : undefined;
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await s3.close();
    await rm(s3Dir, { recursive: true, force: true });
    await rm(clockDir, { recursive: true, force: true });
    clocks.delete(new URL(baseUrl).origin);
    await dropDatabase(databaseUrl);
    if (replay && replay.status !== 0) {
      throw new Error(`the replay check found differences:\n${replay.stdout}${replay.stderr}`);
    }
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await shutdown(false);
      const message = `the platform exited early:\n${output}`;
      throw /is already in use/.test(output) ? new PortTaken(message) : new Error(message);
    }
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await shutdown(false);
      throw new Error(`the platform did not become healthy in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    clock,
    projectorHealthUrl: `http://127.0.0.1:${projectorHealthPort}/health`,
    mailerHealthUrl: `http://127.0.0.1:${mailerHealthPort}/health`,
    databaseUrl,
    mails,
    output: () => output,
    stop: () => shutdown(true),
  };
}

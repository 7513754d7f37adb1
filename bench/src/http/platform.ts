import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, ensureDatabase, migrateToLatest } from '@ledgerstone/eventstore';
import { positionSeal, SERVICE_NODE_FLAGS } from '@ledgerstone/process-kit';
import { freePort } from '@ledgerstone/process-kit/testing';
import { answers, startProcess, type BenchProcess } from './processes.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const ADMIN = { email: 'admin@ledgerstone.bench', password: 'bench admin passphrase 2026' };

export interface Platform {
  apiUrl: string;
  /** The site's address: the Origin that state-changing requests must carry. */
  publicUrl: string;
  /** Where the SMTP sink notes the verification codes it is mailed (see verification-codes.ts). */
  verificationCodes: string;
  processes: { api: BenchProcess; projector: BenchProcess; mailer: BenchProcess; backing: BenchProcess };
  stop(): Promise<void>;
}

/** Creates the database when missing and runs the migrations, as `npm start` does. */
export async function migratedDatabase(databaseUrl: string): Promise<void> {
  await ensureDatabase(databaseUrl);
  const db = createDatabase(databaseUrl, { maxConnections: 1 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
}

/** The platform's cookie secret in a benchmark, so that the load can open the positions the api seals. */
export const BENCH_COOKIE_SECRET = 'ledgerstone-benchmark-cookie-secret-not-for-production';
const seal = positionSeal(BENCH_COOKIE_SECRET);

/** The plain "<transactionId>:<globalPosition>" of a position the benchmarked api answered with. */
export function openPosition(token: string): string {
  const position = seal.open(token);
  if (position === null) throw new Error(`not a position the api gave: "${token}"`);
  return position;
}

/**
 * The environment of the api, projector and mailer: local mode on a database and Redis prefix of their own,
 * the first admin known, and the waits and sign-up and login limits lifted so members can be set up quickly.
 */
export function platformEnvironment(options: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  publicUrl: string;
  smtpPort: number;
  s3Port: number;
  s3Bucket: string;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NO_COLOR: '1',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    APP_MODE: 'local',
    COOKIE_SECRET: BENCH_COOKIE_SECRET,
    PUBLIC_URL: options.publicUrl,
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    REDIS_PREFIX: options.redisPrefix,
    S3_ENDPOINT: `http://127.0.0.1:${options.s3Port}`,
    S3_BUCKET: options.s3Bucket,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    PROJECTOR_HEALTH_PORT: '0',
    MAILER_HEALTH_PORT: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SEED_DEMO_DATA: 'true',
    WALLET_COOLING_HOURS: '0',
    // The hold after a security change stays on (24 hours): every withdrawal reads the member's recent changes,
    // as in production; the members make none.
    // Nobody pays the benchmark's withdrawals: every one stays awaiting review.
    WITHDRAWALS_PENDING_MAX: '1000000',
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000000',
    RATE_LIMIT_VERIFY_PER_IP_HOUR: '1000000',
    RATE_LIMIT_DEPOSITS_PER_MEMBER_HOUR: '1000000',
  };
}

/**
 * Node writes a --cpu-prof profile only when the process exits by itself; the services end on SIGTERM by
 * signalling themselves again, which would lose it, so the profiled process exits on the first SIGTERM.
 */
function profilingFlags(directory: string | undefined): string[] {
  if (!directory) return [];
  const exitOnTerm = 'data:text/javascript,process.once("SIGTERM",()=>process.exit(0))';
  return ['--cpu-prof', `--cpu-prof-dir=${directory}`, `--import=${exitOnTerm}`];
}

/**
 * The platform as `npm start` runs it (api and projector with their node flags, mailer, s3rver, a mail
 * server), on a database and Redis prefix of its own, with every process's log in `logDirectory`. The mail
 * server drops what it gets.
 */
export async function startPlatform(options: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  logDirectory: string;
  /** When given, the api, projector and mailer each write a V8 CPU profile (.cpuprofile) here as they stop. */
  cpuProfileDirectory?: string;
}): Promise<Platform> {
  await mkdir(options.logDirectory, { recursive: true });
  await migratedDatabase(options.databaseUrl);

  const [apiPort, smtpPort, s3Port] = [await freePort(), await freePort(), await freePort()];
  const started: BenchProcess[] = [];
  const start = (name: string, script: string, env: NodeJS.ProcessEnv, nodeArgs: readonly string[] = []) => {
    const child = startProcess({
      name,
      script,
      nodeArgs,
      env,
      cwd: REPO_ROOT,
      logFile: join(options.logDirectory, `${name}.log`),
    });
    started.push(child);
    return child;
  };
  const stop = async () => {
    await Promise.all(started.map((child) => child.stop()));
  };

  try {
    const bucket = 'ledgerstone-bench-proofs';
    const s3Directory = join(options.logDirectory, 's3');
    const verificationCodes = join(options.logDirectory, 'verification-codes.jsonl');
    await mkdir(s3Directory, { recursive: true });
    const backing = start(
      'backing-services',
      fileURLToPath(new URL('./backing-services.js', import.meta.url)),
      {
        PATH: process.env.PATH,
        SMTP_PORT: String(smtpPort),
        S3_PORT: String(s3Port),
        S3_DIRECTORY: s3Directory,
        S3_BUCKET: bucket,
        CODES_FILE: verificationCodes,
      },
    );
    await backing.printed('backing services ready', 30_000);

    const publicUrl = `http://127.0.0.1:${apiPort}`;
    const env: NodeJS.ProcessEnv = {
      ...platformEnvironment({ ...options, publicUrl, smtpPort, s3Port, s3Bucket: bucket }),
      PORT: String(apiPort),
    };
    const service = (name: 'api' | 'projector' | 'mailer', nodeArgs: readonly string[] = []) =>
      start(name, join(REPO_ROOT, `services/${name}/dist/main.js`), env, [
        ...profilingFlags(options.cpuProfileDirectory),
        ...nodeArgs,
      ]);
    // The api first: it seeds the catalog and the first admin, which the projector's read models follow.
    const api = service('api', SERVICE_NODE_FLAGS);
    await api.until('answer on /api/health/live', () => answers(`${publicUrl}/api/health/live`));
    const projector = service('projector', SERVICE_NODE_FLAGS);
    const mailer = service('mailer');
    await Promise.all([projector.printed('following the event log'), mailer.printed('connected to queue')]);
    return {
      apiUrl: publicUrl,
      publicUrl,
      verificationCodes,
      processes: { api, projector, mailer, backing },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

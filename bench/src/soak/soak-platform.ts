import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from '@ledgerstone/process-kit';
import pg from 'pg';
import { migratedDatabase, platformEnvironment, REPO_ROOT } from '../http/platform.js';
import { freePort } from '@ledgerstone/process-kit/testing';
import { answers, startProcess, type BenchProcess } from '../http/processes.js';
import { LoadBalancer } from './load-balancer.js';

/** The soak's own connections carry this name, so a PostgreSQL pause spares them. */
export const SOAK_APPLICATION = 'ledgerstone-soak';

/** A process that ended without the soak ending it: when, how, and the end of its log. */
export interface UnexpectedExit {
  name: string;
  at: number;
  exit: string;
  tail: string;
}

const RESTART_DELAY_MS = 1_000;
const START_TIMEOUT_MS = 120_000;

/**
 * A process the soak can kill and start again the same way. Like a deployment's restart policy, it starts a
 * process that ended on its own again after a second, and notes that it did.
 */
export class Restartable {
  private current: BenchProcess;
  /** True while the soak itself has the process down. */
  private held = false;

  constructor(
    readonly name: string,
    private readonly launch: () => BenchProcess,
    private readonly ready: (process: BenchProcess) => Promise<void>,
    private readonly exits: UnexpectedExit[],
  ) {
    this.current = this.supervised();
  }

  get process(): BenchProcess {
    return this.current;
  }

  private supervised(): BenchProcess {
    const child = this.launch();
    void child.exit.then(async (exit) => {
      if (this.held || child !== this.current) return;
      this.exits.push({ name: this.name, at: Date.now(), exit, tail: (await child.tail()).slice(-600) });
      await sleep(RESTART_DELAY_MS);
      if (!this.held && child === this.current) this.current = this.supervised();
    });
    return child;
  }

  /** Until the current process, or one started after it ended on its own, is ready. */
  async whenReady(): Promise<void> {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      const child = this.current;
      try {
        await this.ready(child);
        return;
      } catch (error) {
        while (child === this.current && !this.held && Date.now() < deadline) await sleep(100);
        if (child === this.current || Date.now() >= deadline) throw error;
      }
    }
  }

  async kill(signal: NodeJS.Signals): Promise<void> {
    this.held = true;
    await this.current.kill(signal);
  }

  async start(): Promise<void> {
    if (!this.current.ended) throw new Error(`${this.name} is still running`);
    this.held = false;
    this.current = this.supervised();
    await this.whenReady();
  }

  stop(): Promise<void> {
    this.held = true;
    return this.current.stop();
  }
}

export interface SoakPlatform {
  /** The load balancer's address: the site's, where every request goes. */
  url: string;
  balancer: LoadBalancer;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  apis: Restartable[];
  projectors: Restartable[];
  mailer: Restartable;
  redis: Restartable;
  smtp: Restartable;
  sinkFile: string;
  /** Processes that ended without the soak ending them, and were started again. */
  exits: UnexpectedExit[];
  /** Environment for the platform's command line tools (replay-check, staff:create). */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** `url` with an application_name, so pg_stat_activity tells which process a connection belongs to. */
export function named(url: string, applicationName: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

/**
 * Two api instances behind a load balancer, two projectors (one holds the projections' advisory locks, the
 * other waits), a mailer, a Redis server of its own (append-only file on, as BullMQ needs to keep its jobs
 * over a restart), an SMTP sink that records every message, and s3rver.
 */
export async function startSoakPlatform(options: {
  databaseUrl: string;
  redisPrefix: string;
  logDirectory: string;
}): Promise<SoakPlatform> {
  const { logDirectory } = options;
  await mkdir(logDirectory, { recursive: true });
  await migratedDatabase(options.databaseUrl);
  const ports: number[] = [];
  // One at a time: ports asked for together could be the same.
  while (ports.length < 6) {
    const port = await freePort();
    if (!ports.includes(port)) ports.push(port);
  }
  const [balancerPort, api1Port, api2Port, redisPort, smtpPort, s3Port] = ports as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const started: Restartable[] = [];
  const exits: UnexpectedExit[] = [];
  let balancer: LoadBalancer | undefined;
  const stop = async () => {
    await balancer?.close();
    // The apis and workers first, so none of them logs the backing services going away.
    const [backing, services] = [started.slice(0, 3), started.slice(3)];
    await Promise.allSettled(services.map((service) => service.stop()));
    await Promise.allSettled(backing.map((service) => service.stop()));
  };
  const node = (
    name: string,
    script: string,
    env: NodeJS.ProcessEnv,
    ready: (process: BenchProcess) => Promise<void>,
    nodeArgs: readonly string[] = [],
  ) => {
    const service = new Restartable(
      name,
      () =>
        startProcess({
          name,
          script,
          nodeArgs,
          env,
          cwd: REPO_ROOT,
          logFile: join(logDirectory, `${name}.log`),
        }),
      ready,
      exits,
    );
    started.push(service);
    return service;
  };

  try {
    const redisDirectory = join(logDirectory, 'redis');
    const s3Directory = join(logDirectory, 's3');
    await Promise.all([mkdir(redisDirectory, { recursive: true }), mkdir(s3Directory, { recursive: true })]);
    const redis = new Restartable(
      'redis',
      () =>
        startProcess({
          name: 'redis',
          program: {
            command: 'redis-server',
            args: [
              ...['--port', String(redisPort), '--bind', '127.0.0.1', '--dir', redisDirectory],
              ...['--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec'],
              ...['--maxmemory-policy', 'noeviction'],
            ],
          },
          env: { PATH: process.env.PATH },
          cwd: REPO_ROOT,
          logFile: join(logDirectory, 'redis.log'),
        }),
      async (process) => {
        await process.printed('Ready to accept connections', 30_000);
      },
      exits,
    );
    started.push(redis);
    const sinkFile = join(logDirectory, 'smtp-sink.jsonl');
    const smtp = node(
      'smtp-sink',
      fileURLToPath(new URL('./smtp-sink.js', import.meta.url)),
      { PATH: process.env.PATH, SMTP_PORT: String(smtpPort), SINK_FILE: sinkFile },
      (process) => process.printed('smtp sink ready', 30_000),
    );
    const s3Bucket = 'ledgerstone-soak-proofs';
    const s3 = node(
      'object-storage',
      fileURLToPath(new URL('./object-storage.js', import.meta.url)),
      { PATH: process.env.PATH, S3_PORT: String(s3Port), S3_DIRECTORY: s3Directory, S3_BUCKET: s3Bucket },
      (process) => process.printed('object storage ready', 30_000),
    );
    await Promise.all([redis.whenReady(), smtp.whenReady(), s3.whenReady()]);

    const url = `http://127.0.0.1:${balancerPort}`;
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const env = platformEnvironment({
      databaseUrl: options.databaseUrl,
      redisUrl,
      redisPrefix: options.redisPrefix,
      publicUrl: url,
      smtpPort,
      s3Port,
      s3Bucket,
    });
    const script = (service: string) => join(REPO_ROOT, `services/${service}/dist/main.js`);
    const apis = [api1Port, api2Port].map((port, index) =>
      node(
        `api-${index + 1}`,
        script('api'),
        { ...env, PORT: String(port), DATABASE_URL: named(options.databaseUrl, `api-${index + 1}`) },
        (process) =>
          process.until('answer on /api/health/live', () =>
            answers(`http://127.0.0.1:${port}/api/health/live`),
          ),
        SERVICE_NODE_FLAGS,
      ),
    );
    // One api at a time at the first start: the first seeds the catalog and the first admin.
    await apis[0]!.whenReady();
    await apis[1]!.whenReady();
    const projectors = [1, 2].map((number) =>
      node(
        `projector-${number}`,
        script('projector'),
        { ...env, DATABASE_URL: named(options.databaseUrl, `projector-${number}`) },
        (process) => process.printed('following the event log'),
        SERVICE_NODE_FLAGS,
      ),
    );
    // The first takes every advisory lock; the second waits as standby.
    await projectors[0]!.whenReady();
    await projectors[1]!.whenReady();
    const mailer = node('mailer', script('mailer'), env, (process) => process.printed('connected to queue'));
    await mailer.whenReady();
    balancer = await LoadBalancer.start(balancerPort, [api1Port, api2Port]);
    return {
      url,
      balancer,
      databaseUrl: options.databaseUrl,
      redisUrl,
      redisPrefix: options.redisPrefix,
      apis,
      projectors,
      mailer,
      redis,
      smtp,
      sinkFile,
      exits,
      env,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The projector holding the most projection locks: the active one. */
export async function activeProjector(platform: SoakPlatform, monitor: pg.Pool): Promise<Restartable> {
  const { rows } = await monitor.query<{ application_name: string; locks: string }>(
    `select a.application_name, count(*) as locks from pg_locks l join pg_stat_activity a using (pid)
     where l.locktype = 'advisory' and l.granted and a.datname = current_database()
     group by a.application_name order by locks desc limit 1`,
  );
  const holder = rows[0]?.application_name;
  return platform.projectors.find((projector) => projector.name === holder) ?? platform.projectors[0]!;
}

/**
 * Refuses new connections to the database and ends every open one but the soak's own for `ms`, as a
 * failover or a restart of PostgreSQL would.
 */
export async function pausePostgres(databaseUrl: string, ms: number): Promise<void> {
  const database = new URL(databaseUrl).pathname.slice(1);
  const server = new URL(databaseUrl);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString(), application_name: SOAK_APPLICATION });
  await admin.connect();
  try {
    await admin.query(`alter database "${database}" with allow_connections false`);
    const deadline = Date.now() + ms;
    // Connections opened just before the switch are ended too.
    while (Date.now() < deadline) {
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and application_name <> $2`,
        [database, SOAK_APPLICATION],
      );
      await sleep(Math.min(500, Math.max(0, deadline - Date.now())));
    }
  } finally {
    await admin.query(`alter database "${database}" with allow_connections true`).catch(() => undefined);
    await admin.end();
  }
}

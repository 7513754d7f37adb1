import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { dropDatabase, ensureDatabase, withDatabase } from '@ledgerstone/eventstore';
import type autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { parseHttpBenchArgs, type HttpBenchConfig } from './http/config.js';
import { CpuMeter, MONITOR_APPLICATION } from './http/cpu.js';
import {
  costliestStatements,
  databaseCounters,
  perRequest,
  statementCounts,
} from './http/database-activity.js';
import { runLoad, type LoadWindow } from './http/load.js';
import { createMembers, MEMBER_FUNDS, PAYOUT_ADDRESS, type Member } from './http/members.js';
import { openPosition, startPlatform, REPO_ROOT, type Platform } from './http/platform.js';
import { freePort } from '@ledgerstone/process-kit/testing';
import { answers, startProcess, type BenchProcess } from './http/processes.js';
import { CHECKPOINTS_STATEMENT, LagTracker } from './http/projection-lag.js';
import {
  FIGURE_TITLES,
  FIGURES,
  formatReport,
  lagRun,
  summarize,
  type FigureName,
  type FigureRun,
  type HttpBenchResults,
  type HttpRun,
} from './http/report.js';

const resultsFile = new URL('../results/http.json', import.meta.url);
const logRoot = join(REPO_ROOT, '.local/bench-http');
/** The api's pool size (the event store's default), given to both peers too. */
const POOL_SIZE = 10;
const DRAIN_TIMEOUT_MS = 120_000;
/** Statements listed per platform figure, costliest first, when the server keeps pg_stat_statements. */
const STATEMENTS_LISTED = 6;
const WITHDRAWAL_FORM = JSON.stringify({
  source: 'balance',
  amount: '0.01',
  payment_method: 'BITCOIN',
  wallet_address: PAYOUT_ADDRESS,
});

const say = (line: string) => console.log(`[bench:http] ${line}`);
const load = () => Number(loadavg()[0]!.toFixed(2));

async function manifestVersions(): Promise<HttpBenchResults['versions']> {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const version = (name: string) => manifest.dependencies[name] ?? 'unknown';
  return {
    autocannon: version('autocannon'),
    emmett: version('@event-driven-io/emmett'),
    emmett_postgresql: version('@event-driven-io/emmett-postgresql'),
    express: version('express'),
  };
}

async function postgresVersion(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ server_version: string }>('show server_version');
  return rows[0]?.server_version ?? 'unknown';
}

function commit(): string {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty=+uncommitted changes'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

/** Jobs the mailer has not finished: waiting, running, retrying later or prioritized. */
async function mailJobsLeft(redis: Redis, prefix: string): Promise<number> {
  const key = (name: string) => `${prefix}:mail:${name}`;
  const [wait, active, delayed, prioritized] = await Promise.all([
    redis.llen(key('wait')),
    redis.llen(key('active')),
    redis.zcard(key('delayed')),
    redis.zcard(key('prioritized')),
  ]);
  return wait + active + delayed + prioritized;
}

async function deleteRedisKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length > 0) await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
}

function roundRobin<T>(items: readonly T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}

interface Targets {
  platform: Platform;
  emmettUrl: string;
  bareUrl: string;
  members: Member[];
  lag: LagTracker;
}

/** The autocannon requests of each figure; commands report their position to the lag tracker. */
function requestsOf(name: FigureName, { platform, members, lag }: Targets): autocannon.Request[] {
  const nextMember = roundRobin(members);
  const browserHeaders = {
    'content-type': 'application/json',
    'x-requested-with': 'XMLHttpRequest',
    origin: platform.publicUrl,
  };
  switch (name) {
    case 'commands':
      return [
        {
          method: 'POST',
          path: '/api/withdraw',
          setupRequest: (request) => ({
            ...request,
            headers: { ...browserHeaders, cookie: nextMember().cookie, 'idempotency-key': randomUUID() },
            body: WITHDRAWAL_FORM,
          }),
          onResponse: (status, body) => {
            if (status === 201)
              lag.accepted(openPosition((JSON.parse(body) as { position: string }).position));
          },
        },
      ];
    case 'queries':
      // One member's dashboard and the first page of each history, as the SPA asks for them.
      return [
        '/api/user',
        '/api/withdraw?page=1&pageSize=10',
        '/api/transactions/deposit?page=1&pageSize=5',
        '/api/user/activity?limit=10',
      ].map((path) => ({
        method: 'GET',
        path,
        setupRequest: (request, context: { member?: Member }) => {
          context.member ??= nextMember();
          return { ...request, headers: { ...browserHeaders, cookie: context.member.cookie } };
        },
      }));
    case 'emmett':
      return [
        {
          method: 'POST',
          setupRequest: (request) => ({
            ...request,
            path: `/accounts/${nextMember().userId}/withdrawals`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ amount: '0.01' }),
          }),
        },
      ];
    case 'bare':
      return [
        {
          method: 'POST',
          path: '/requests',
          headers: { 'content-type': 'application/json' },
          body: WITHDRAWAL_FORM,
        },
      ];
  }
}

class Bench {
  private constructor(
    private readonly config: HttpBenchConfig,
    private readonly targets: Targets,
    private readonly cpu: CpuMeter,
    private readonly monitor: pg.Client,
    private readonly redis: Redis,
    private readonly redisPrefix: string,
    private readonly databases: Record<'platform' | 'emmett' | 'bare', string>,
  ) {}

  static async open(
    config: HttpBenchConfig,
    targets: Targets,
    processes: Record<string, number>,
    redisPrefix: string,
    databases: Record<'platform' | 'emmett' | 'bare', string>,
  ): Promise<Bench> {
    const serverUrl = withDatabase(config.databaseUrl, 'postgres');
    const monitor = new pg.Client({ connectionString: serverUrl, application_name: MONITOR_APPLICATION });
    await monitor.connect();
    const cpu = await CpuMeter.open(serverUrl, { processes, databases });
    const redis = new Redis(config.redisUrl, { lazyConnect: true });
    await redis.connect();
    return new Bench(config, targets, cpu, monitor, redis, redisPrefix, databases);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.cpu.close(), this.monitor.end(), this.redis.quit()]);
  }

  async run(index: number): Promise<HttpRun> {
    const order = FIGURES.map((_, offset) => FIGURES[(index + offset) % FIGURES.length]!);
    const run = { order } as HttpRun;
    for (const name of order) {
      say(`run ${index + 1}/${this.config.runs}: ${FIGURE_TITLES[name]}`);
      const { lag: lagOfWindow, ...figure } = await this.measure(name);
      say(
        `  ${Math.round(figure.perSecond)} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, ${figure.failed} failed`,
      );
      if (name === 'commands') {
        run.commands = { ...figure, lag: lagOfWindow! };
        run.halfRate = await this.halfRate(figure.perSecond);
      } else {
        run[name] = figure;
      }
    }
    return run;
  }

  private load(name: FigureName, seconds: number, overallRate?: number): Promise<LoadWindow> {
    const { platform, emmettUrl, bareUrl } = this.targets;
    const url = { commands: platform.apiUrl, queries: platform.apiUrl, emmett: emmettUrl, bare: bareUrl }[
      name
    ];
    return runLoad({
      url,
      connections: this.config.connections,
      seconds,
      requests: requestsOf(name, this.targets),
      overallRate,
    });
  }

  /** Until the projector has applied every answered command and the mailer has sent every mail. */
  private async drain(): Promise<void> {
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    if (!(await this.targets.lag.caughtUp(DRAIN_TIMEOUT_MS))) {
      say('  the projector did not catch up within 2 minutes; going on');
      return;
    }
    while ((await mailJobsLeft(this.redis, this.redisPrefix)) > 0) {
      if (Date.now() > deadline) {
        say('  the mailer did not empty its queue within 2 minutes; going on');
        return;
      }
      await sleep(50);
    }
  }

  private databaseOf(name: FigureName): string {
    return name === 'emmett'
      ? this.databases.emmett
      : name === 'bare'
        ? this.databases.bare
        : this.databases.platform;
  }

  /**
   * Warm-up, then the measured window. CPU time is read from just before the window until the platform is
   * idle again, so the projector's and mailer's work for the window's commands counts in full.
   */
  private async measure(name: FigureName): Promise<FigureRun & { lag?: ReturnType<typeof lagRun> }> {
    const { lag } = this.targets;
    await this.load(name, this.config.warmupSeconds);
    await this.drain();
    // Backends report their statistics at most once a second: let the warm-up's arrive first.
    await sleep(1_100);
    const database = this.databaseOf(name);
    const platform = database === this.databases.platform;
    const countersBefore = await databaseCounters(this.monitor, database);
    const statementsBefore = platform ? await statementCounts(this.monitor, database) : undefined;
    const trackerBefore = { ...lag.reads };
    const cpuBefore = await this.cpu.snapshot();
    if (name === 'commands') lag.start();
    const window = await this.load(name, this.config.seconds);
    const lags = name === 'commands' ? await lag.stop() : undefined;
    await this.drain();
    const cpuAfter = await this.cpu.snapshot();
    await sleep(1_100);
    const countersAfter = await databaseCounters(this.monitor, database);
    const statementsAfter = statementsBefore && (await statementCounts(this.monitor, database));
    if (platform) {
      countersAfter.transactions -= lag.reads.transactions - trackerBefore.transactions;
      countersAfter.rows_returned -= lag.reads.rows - trackerBefore.rows;
    }
    const spent = this.cpu.spentMs(cpuBefore, cpuAfter);
    const requests = Math.max(window.ok, 1);
    return {
      ...window,
      cpuMsPerRequest: Object.fromEntries(
        Object.entries(spent).map(([group, msSpent]) => [group, msSpent / requests]),
      ),
      postgresPerRequest: { ...perRequest(countersBefore, countersAfter, requests) },
      ...(statementsBefore && statementsAfter
        ? {
            statements: costliestStatements(statementsBefore, statementsAfter, requests, {
              top: STATEMENTS_LISTED,
              except: [CHECKPOINTS_STATEMENT],
            }),
          }
        : {}),
      ...(lags ? { lag: lagRun(lags) } : {}),
    };
  }

  private async halfRate(fullRate: number): Promise<HttpRun['halfRate']> {
    const targetPerSecond = Math.max(1, Math.round(fullRate / 2));
    const { lag } = this.targets;
    lag.start();
    const window = await this.load('commands', this.config.seconds, targetPerSecond);
    const lags = await lag.stop();
    await this.drain();
    say(
      `  half rate: ${Math.round(window.perSecond)} of ${targetPerSecond} req/s, projection lag p99 ` +
        `${lagRun(lags).readModelP99Ms} ms`,
    );
    return { ...window, targetPerSecond, lag: lagRun(lags) };
  }
}

async function main(config: HttpBenchConfig): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const databases = {
    platform: `ls_bench_http_${suffix}`,
    emmett: `ls_bench_http_emmett_${suffix}`,
    bare: `ls_bench_http_bare_${suffix}`,
  };
  const urls = {
    platform: withDatabase(config.databaseUrl, databases.platform),
    emmett: withDatabase(config.databaseUrl, databases.emmett),
    bare: withDatabase(config.databaseUrl, databases.bare),
  };
  const redisPrefix = `ls_bench_http_${suffix}`;
  const logDirectory = join(logRoot, suffix);
  await rm(logRoot, { recursive: true, force: true });
  await mkdir(logDirectory, { recursive: true });

  const stoppable: { stop(): Promise<void> }[] = [];
  let bench: Bench | undefined;
  let lag: LagTracker | undefined;
  const cleanUp = async () => {
    await bench?.close();
    await lag?.close().catch(() => undefined);
    await Promise.allSettled(stoppable.map((item) => item.stop()));
    await Promise.allSettled(Object.values(urls).map((url) => dropDatabase(url)));
    const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis
      .connect()
      .then(() => deleteRedisKeys(redis, redisPrefix))
      .catch(() => undefined);
    redis.disconnect();
    await rm(join(logDirectory, 's3'), { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    void cleanUp().finally(() => process.exit(130));
  });

  try {
    const loadAtStart = load();
    say(
      `databases ${Object.values(databases).join(', ')}, Redis prefix ${redisPrefix}; logs in ${logDirectory}`,
    );
    const platform = await startPlatform({
      databaseUrl: urls.platform,
      redisUrl: config.redisUrl,
      redisPrefix,
      logDirectory,
      cpuProfileDirectory: process.env.BENCH_CPU_PROFILE ? join(logDirectory, 'profiles') : undefined,
    });
    stoppable.push(platform);
    say(`platform up on ${platform.apiUrl}`);

    await Promise.all([ensureDatabase(urls.emmett), ensureDatabase(urls.bare)]);
    const peer = async (
      name: string,
      script: string,
      databaseUrl: string,
    ): Promise<[BenchProcess, string]> => {
      const port = await freePort();
      const child = startProcess({
        name,
        script: fileURLToPath(new URL(script, import.meta.url)),
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: databaseUrl,
          PORT: String(port),
          POOL_SIZE: String(POOL_SIZE),
        },
        cwd: REPO_ROOT,
        logFile: join(logDirectory, `${name}.log`),
      });
      stoppable.push(child);
      const url = `http://127.0.0.1:${port}`;
      await child.until('answer', () => answers(`${url}/health`), 60_000);
      return [child, url];
    };
    const [[emmett, emmettUrl], [bare, bareUrl]] = await Promise.all([
      peer('emmett-peer', './http/emmett-peer.js', urls.emmett),
      peer('bare-server', './http/bare-server.js', urls.bare),
    ]);

    say(`creating ${config.members} members with ${MEMBER_FUNDS} each through the api and the Emmett peer`);
    const members = await createMembers(platform, config.members, suffix);
    for (const member of members) {
      const response = await fetch(`${emmettUrl}/accounts/${member.userId}/funds`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ amount: MEMBER_FUNDS }),
      });
      if (response.status !== 201) throw new Error(`the Emmett peer answered ${response.status} to funding`);
    }

    lag = await LagTracker.open(urls.platform);
    const { api, projector, mailer, backing } = platform.processes;
    bench = await Bench.open(
      config,
      { platform, emmettUrl, bareUrl, members, lag },
      {
        api: api.pid,
        projector: projector.pid,
        mailer: mailer.pid,
        'mail + s3': backing.pid,
        'emmett peer': emmett.pid,
        'bare server': bare.pid,
      },
      redisPrefix,
      databases,
    );

    const runs: HttpRun[] = [];
    for (let index = 0; index < config.runs; index++) runs.push(await bench.run(index));

    const monitor = new pg.Client({ connectionString: urls.bare });
    await monitor.connect();
    const postgres = await postgresVersion(monitor).finally(() => monitor.end());
    const results: HttpBenchResults = {
      settings: {
        runs: config.runs,
        seconds: config.seconds,
        warmup_seconds: config.warmupSeconds,
        connections: config.connections,
        members: config.members,
        pool_size: POOL_SIZE,
        log_level: process.env.LOG_LEVEL || 'info',
      },
      ...summarize(runs),
      versions: await manifestVersions(),
      environment: {
        cpus: availableParallelism(),
        cpu_model: cpus()[0]?.model.trim() ?? 'unknown',
        memory_gib: Math.round(totalmem() / 2 ** 30),
        node: process.versions.node,
        postgres,
        commit: commit(),
        load_average: { start: loadAtStart, end: load() },
      },
      measured_at: new Date().toISOString(),
      runs,
    };
    await mkdir(new URL('.', resultsFile), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(
      `\n${formatReport(results)}\n\nWrote bench/results/http.json; process logs in ${logDirectory}`,
    );
  } finally {
    await cleanUp();
  }
}

let config: HttpBenchConfig;
try {
  config = parseHttpBenchArgs(process.argv.slice(2), process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await main(config);

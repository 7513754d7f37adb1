import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { dropDatabase, withDatabase } from '@ledgerstone/eventstore';
import { Redis } from 'ioredis';
import pg from 'pg';
import { adminSignedIn, createMembers, type Site } from './http/members.js';
import { openPosition, REPO_ROOT } from './http/platform.js';
import { checkBalances, checkCommands, checkMail, storedCounts, type Check } from './soak/checks.js';
import { parseSoakArgs, type SoakConfig } from './soak/config.js';
import { LagWatch } from './soak/lag.js';
import { SoakLoad } from './soak/load.js';
import { faultSchedule, seededRandom, targetOf, type Fault, type FaultKind } from './soak/schedule.js';
import {
  activeProjector,
  pausePostgres,
  SOAK_APPLICATION,
  startSoakPlatform,
  type SoakPlatform,
} from './soak/soak-platform.js';

const run = promisify(execFile);
const CHECKER = { email: 'checker@ledgerstone.soak', password: 'soak checker passphrase 2026' };
const MEMBER_FUNDS = '10000.00';
const SETTLE_TIMEOUT_MS = 120_000;
/** After a fault ends, answers within this long may still be 502/503 (connections being re-made). */
const FAULT_GRACE_MS = 5_000;
const LAG_LIMIT_MS = 1_000;
const STEADY_MS = 5_000;
const RECOVERY_MS = 30_000;
/** A process may notice a fault (and end, to be started again) this long after it is over. */
const PROCESS_GRACE_MS = 10_000;

const say = (line: string) => console.log(`[soak] ${line}`);
const clock = (ms: number) => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

interface FaultWindow {
  kind: FaultKind;
  label: string;
  startMs: number;
  endMs: number;
  /** Set when what the fault took away did not come back. */
  failure?: string;
}

/** Runs one fault: takes the process or service away, waits, brings it back, and says when it was back. */
async function inflict(
  fault: Fault,
  platform: SoakPlatform,
  monitor: pg.Pool,
  now: () => number,
): Promise<FaultWindow> {
  const startMs = now();
  let label: string = fault.kind;
  try {
    label = await applyFault(fault, platform, monitor);
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    say(`${clock(startMs)} ${label}: did not come back: ${failure.slice(0, 300)}`);
    return { kind: fault.kind, label, startMs, endMs: now(), failure };
  }
  const endMs = now();
  say(`${clock(startMs)} ${label}: back after ${((endMs - startMs) / 1000).toFixed(1)} s`);
  return { kind: fault.kind, label, startMs, endMs };
}

/** Takes the process or service away, waits, brings it back; returns what it did. */
async function applyFault(fault: Fault, platform: SoakPlatform, monitor: pg.Pool): Promise<string> {
  let label: string;
  switch (fault.kind) {
    case 'kill-api': {
      const api = platform.apis[fault.instance]!;
      label = `kill -9 ${api.name}`;
      await api.kill('SIGKILL');
      await sleep(fault.downMs);
      await api.start();
      break;
    }
    case 'kill-projector': {
      const projector = await activeProjector(platform, monitor);
      label = `kill -9 ${projector.name} (active)`;
      await projector.kill('SIGKILL');
      await sleep(fault.downMs);
      await projector.start();
      break;
    }
    case 'kill-mailer':
      label = 'kill -9 mailer';
      await platform.mailer.kill('SIGKILL');
      await sleep(fault.downMs);
      await platform.mailer.start();
      break;
    case 'restart-redis':
      label = 'restart Redis';
      await platform.redis.kill('SIGTERM');
      await sleep(fault.downMs);
      await platform.redis.start();
      break;
    case 'stop-smtp':
      label = 'stop the SMTP sink';
      await platform.smtp.kill('SIGTERM');
      await sleep(fault.downMs);
      await platform.smtp.start();
      break;
    case 'pause-postgres':
      label = 'pause PostgreSQL (refuse and end connections)';
      await pausePostgres(platform.databaseUrl, fault.downMs);
      break;
  }
  return label;
}

/**
 * Every fault was recovered from, and no process ended on its own but while a fault had something away (an
 * api that starts while PostgreSQL refuses connections stops, as it should, and its restart policy starts it
 * again).
 */
function checkProcesses(platform: SoakPlatform, windows: readonly FaultWindow[], epoch: number): Check {
  const problems = windows.flatMap((window) =>
    window.failure ? [`${clock(window.startMs)} ${window.label}: did not come back: ${window.failure}`] : [],
  );
  const apart: string[] = [];
  for (const exit of platform.exits) {
    const atMs = exit.at - epoch;
    const line = `${clock(atMs)} ${exit.name} ended (${exit.exit}): ${exit.tail.trim().split('\n').at(-1) ?? ''}`;
    const duringFault = windows.some(
      (window) => atMs >= window.startMs && atMs <= window.endMs + PROCESS_GRACE_MS,
    );
    if (duringFault) apart.push(line);
    else problems.push(line);
  }
  return {
    name: 'every process came back, and none ended on its own outside a fault',
    ok: problems.length === 0,
    summary: `${windows.length} faults recovered from; ${apart.length} process(es) ended on their own during a fault and were started again${apart.length ? `: ${apart.join('; ')}` : ''}`,
    evidence: problems.slice(0, 20),
  };
}

/** Mail jobs not finished: waiting, running, retrying later or prioritized. */
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

async function failedMailJobs(redis: Redis, prefix: string): Promise<number> {
  return redis.zcard(`${prefix}:mail:failed`);
}

async function cli(script: string, env: NodeJS.ProcessEnv): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(REPO_ROOT, script)], {
      env,
      cwd: REPO_ROOT,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, output: `${stdout}${stderr}`.trim() };
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    return { ok: false, output: `${failure.stdout ?? ''}${failure.stderr ?? failure.message}`.trim() };
  }
}

function checkServerErrors(load: SoakLoad, windows: readonly FaultWindow[], cut: number): Check {
  const within = (atMs: number, kinds: readonly FaultKind[]) =>
    windows.some(
      (window) =>
        kinds.includes(window.kind) && atMs >= window.startMs && atMs <= window.endMs + FAULT_GRACE_MS,
    );
  const byKill: string[] = [];
  const byOutage: string[] = [];
  const problems: string[] = [];
  for (const fault of load.record.faults) {
    const line = `${clock(fault.atMs)} ${fault.method} ${fault.path}: ${fault.status} ${fault.message}`;
    if ((fault.status === 502 || fault.status === 'connection error') && within(fault.atMs, ['kill-api'])) {
      byKill.push(line);
    } else if (fault.status === 503 && within(fault.atMs, ['restart-redis', 'pause-postgres'])) {
      byOutage.push(line);
    } else {
      problems.push(line);
    }
  }
  return {
    name: 'no request answered 5xx but those cut by a kill or refused during an outage',
    ok: problems.length === 0,
    summary:
      `${load.record.requests} requests; ${byKill.length} cut by a killed api instance (502, load balancer ` +
      `counted ${cut}); ${byOutage.length} answered 503 while Redis or PostgreSQL was away; all retried`,
    evidence: problems.slice(0, 20),
  };
}

/**
 * The lag returned under LAG_LIMIT_MS after the last fault: within RECOVERY_MS of its end there is a stretch of
 * STEADY_MS in which every command answered had its lag under the limit. (On a shared machine a later burst
 * of contention may lift it again; the last 10 s are printed apart.)
 */
function checkLag(watch: LagWatch, unmeasured: number, lastFaultEndMs: number, loadEndMs: number): Check {
  const after = watch.lags
    .filter((lag) => lag.answeredAtMs > lastFaultEndMs)
    .sort((left, right) => left.answeredAtMs - right.answeredAtMs);
  const steadyFrom = after.find(
    (start) =>
      start.answeredAtMs + STEADY_MS <= loadEndMs &&
      after
        .filter(
          (lag) =>
            lag.answeredAtMs >= start.answeredAtMs && lag.answeredAtMs <= start.answeredAtMs + STEADY_MS,
        )
        .every((lag) => lag.lagMs < LAG_LIMIT_MS),
  );
  const last = after.filter((lag) => lag.answeredAtMs > loadEndMs - 10_000).map((lag) => lag.lagMs);
  last.sort((left, right) => left - right);
  const p99 = last[Math.min(last.length - 1, Math.floor(last.length * 0.99))] ?? NaN;
  const problems: string[] = [];
  if (unmeasured > 0)
    problems.push(`${unmeasured} commands answered 2xx were never passed by every projection`);
  if (after.length === 0) problems.push('no command was answered after the last fault');
  else if (!steadyFrom || steadyFrom.answeredAtMs > lastFaultEndMs + RECOVERY_MS) {
    const slowest = after.reduce((worst, lag) => (lag.lagMs > worst.lagMs ? lag : worst));
    problems.push(
      `no ${STEADY_MS / 1000} s under ${LAG_LIMIT_MS} ms within ${RECOVERY_MS / 1000} s of the last fault's end ` +
        `(${clock(lastFaultEndMs)}); slowest: ${Math.round(slowest.lagMs)} ms at ${clock(slowest.answeredAtMs)}`,
    );
  }
  const recovered = steadyFrom
    ? `${((steadyFrom.answeredAtMs - lastFaultEndMs) / 1000).toFixed(1)} s`
    : 'never';
  return {
    name: 'the projection lag returned under 1 s after the last fault',
    ok: problems.length === 0,
    summary:
      `${STEADY_MS / 1000} s with every command under ${LAG_LIMIT_MS} ms from ${recovered} after the last fault ` +
      `ended (${clock(lastFaultEndMs)}); last 10 s of load: ${last.length} commands, p99 ${Math.round(p99)} ms`,
    evidence: problems,
  };
}

async function soak(config: SoakConfig): Promise<boolean> {
  const suffix = randomBytes(4).toString('hex');
  const database = `ls_soak_${suffix}`;
  const databaseUrl = withDatabase(config.databaseUrl, database);
  const redisPrefix = `ls_soak_${suffix}`;
  const logDirectory = join(REPO_ROOT, '.local/soak', suffix);
  await mkdir(logDirectory, { recursive: true });
  const durationMs = config.minutes * 60_000;
  const schedule = faultSchedule(config.seed, durationMs);
  say(`seed ${config.seed} (repeat with: npm run soak -- --minutes ${config.minutes} --seed ${config.seed})`);
  say(`database ${database}; logs in ${logDirectory}`);
  say(
    `faults: ${schedule.map((fault) => `${clock(fault.atMs)} ${fault.kind}${fault.kind === 'kill-api' ? ` #${fault.instance + 1}` : ''}`).join(', ')}`,
  );

  let platform: SoakPlatform | undefined;
  const monitor = new pg.Pool({
    connectionString: databaseUrl,
    application_name: SOAK_APPLICATION,
    max: 3,
    idleTimeoutMillis: 0,
  });
  monitor.on('error', () => undefined);
  let passed = false;
  const cleanUp = async () => {
    await platform?.stop();
    await monitor.end().catch(() => undefined);
    await dropDatabase(databaseUrl).catch(() => undefined);
    await rm(join(logDirectory, 's3'), { recursive: true, force: true });
    await rm(join(logDirectory, 'redis'), { recursive: true, force: true });
    if (passed) await rm(logDirectory, { recursive: true, force: true });
  };
  const abandon = (why: string) => {
    say(`${why}: stopping the platform and dropping ${database}`);
    void cleanUp().finally(() => process.exit(130));
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => abandon(signal));
  // Started by a test runner that has since ended: nobody is waiting for the result.
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(orphaned);
      abandon('the parent process ended');
    }
  }, 1_000);
  orphaned.unref();
  try {
    platform = await startSoakPlatform({ databaseUrl, redisPrefix, logDirectory });
    const site: Site = {
      apiUrl: platform.url,
      publicUrl: platform.url,
      verificationCodes: platform.sinkFile,
    };
    // The second admin: approvals stay off (as in local mode), so both admins act alone, side by side.
    await run(
      process.execPath,
      [
        join(REPO_ROOT, 'services/api/dist/cli/create-staff.js'),
        ...['--role', 'admin', '--email', CHECKER.email, '--first-name', 'Kim', '--last-name', 'Checker'],
      ],
      { env: { ...platform.env, STAFF_PASSWORD: CHECKER.password }, cwd: REPO_ROOT },
    );
    say(`platform up behind ${platform.url}: 2 api, 2 projectors, mailer, Redis on ${platform.redisUrl}`);
    const admins = [await adminSignedIn(site), await adminSignedIn(site, CHECKER)];
    const members = await createMembers(site, config.members, `soak.${suffix}`, MEMBER_FUNDS, admins[0]);
    const plans = (await (await fetch(`${platform.url}/api/plans`)).json()) as {
      plans: { id: string; minAmount: string }[];
    };
    const methods = (await (await fetch(`${platform.url}/api/payment-methods`)).json()) as {
      paymentMethods: { id: string }[];
    };
    const catalog = {
      planId: plans.plans[0]!.id,
      amount: plans.plans[0]!.minAmount,
      paymentMethodId: methods.paymentMethods[0]!.id,
    };
    say(
      `${members.length} members with ${MEMBER_FUNDS} each and two admins signed in; load for ${config.minutes} min`,
    );

    const before = await storedCounts(monitor);
    const epoch = Date.now();
    const startedAt = performance.now();
    const now = () => performance.now() - startedAt;
    const lag = new LagWatch(monitor, startedAt);
    const load = new SoakLoad(platform.url, startedAt, catalog, (position, at) =>
      lag.accepted(openPosition(position), at),
    );
    lag.start();
    const workers = [
      ...members.map((member, index) => load.member(member, seededRandom(config.seed + index + 1))),
      ...admins.map((admin, index) =>
        load.admin(admin.cookie, members, seededRandom(config.seed + 1_000 + index)),
      ),
    ];
    const running = platform;
    const busy = new Map<string, Promise<FaultWindow>>();
    const faults = schedule.map(async (fault) => {
      await sleep(Math.max(0, fault.atMs - now()));
      const previous = busy.get(targetOf(fault));
      const mine = (previous ? previous.then(() => undefined) : Promise.resolve()).then(() =>
        inflict(fault, running, monitor, now),
      );
      busy.set(targetOf(fault), mine);
      return mine;
    });
    let progress = 0;
    while (now() < durationMs) {
      await sleep(Math.min(1_000, durationMs - now()));
      if (now() >= progress + 30_000) {
        progress += 30_000;
        const ok = load.record.commands.filter((command) => command.outcome === 'ok').length;
        say(`${clock(now())} ${load.record.requests} requests, ${ok} commands answered 2xx`);
      }
    }
    const loadEndMs = now();
    load.stop();
    const windows = await Promise.all(faults);
    await Promise.all(workers);
    say(`load stopped at ${clock(loadEndMs)}; settling`);

    const unmeasured = await lag.stop(SETTLE_TIMEOUT_MS);
    const redis = new Redis(platform.redisUrl, { maxRetriesPerRequest: 3 });
    const settleDeadline = Date.now() + SETTLE_TIMEOUT_MS;
    while ((await mailJobsLeft(redis, redisPrefix)) > 0 && Date.now() < settleDeadline) await sleep(250);
    const [jobsLeft, jobsFailed] = [
      await mailJobsLeft(redis, redisPrefix),
      await failedMailJobs(redis, redisPrefix),
    ];
    redis.disconnect();

    const [replay, history] = [
      await cli('services/projector/dist/cli/replay-check.js', platform.env),
      await cli('packages/eventstore/dist/cli/verify-history.js', platform.env),
    ];
    const mail = await checkMail(monitor, platform.sinkFile);
    if (jobsLeft > 0 || jobsFailed > 0) {
      mail.ok = false;
      mail.evidence.unshift(
        `${jobsLeft} mail jobs still queued and ${jobsFailed} failed for good at the end`,
      );
    }
    const lastFaultEndMs = Math.max(...windows.map((window) => window.endMs));
    const checks: Check[] = [
      await checkCommands(monitor, load.record.commands, before),
      checkProcesses(running, windows, epoch),
      checkServerErrors(load, windows, running.balancer.cut),
      await checkBalances(monitor, load.record.negativeFigures),
      {
        name: 'withdrawals over the balance are refused',
        ok: load.record.overdrafts.accepted.length === 0,
        summary: `${load.record.overdrafts.sent} sent, ${load.record.overdrafts.accepted.length} accepted`,
        evidence: load.record.overdrafts.accepted.slice(0, 20),
      },
      {
        name: 'replay-check passes',
        ok: replay.ok,
        summary: `${replay.output.split('\n').filter((line) => line.startsWith('OK')).length} read models equal a replay of the log`,
        evidence: replay.ok ? [] : replay.output.split('\n').slice(0, 40),
      },
      {
        name: 'verify-history passes',
        ok: history.ok,
        summary: history.output.split('\n')[0] ?? '',
        evidence: history.ok ? [] : history.output.split('\n').slice(0, 20),
      },
      mail,
      checkLag(lag, unmeasured, lastFaultEndMs, loadEndMs),
    ];

    console.log(`\nSoak of ${config.minutes} min, seed ${config.seed}, ${members.length} members, 2 admins`);
    console.log(`Faults: ${windows.map((window) => `${clock(window.startMs)} ${window.label}`).join('; ')}`);
    const byKind = Object.entries(load.record.byKind)
      .map(([kind, counts]) => `${kind} ${counts.ok}/${counts.refused}/${counts.uncertain}`)
      .join(', ');
    console.log(`Commands (2xx/4xx/uncertain): ${byKind}`);
    for (const entry of checks) {
      console.log(`${entry.ok ? 'PASS' : 'FAIL'} ${entry.name}: ${entry.summary}`);
      for (const line of entry.evidence) console.log(`     ${line}`);
    }
    passed = checks.every((entry) => entry.ok);
    console.log(
      passed
        ? `\nEvery promise kept (seed ${config.seed}).`
        : `\nBROKEN PROMISES: see above. Repeat with --seed ${config.seed}; process logs in ${logDirectory}`,
    );
    return passed;
  } finally {
    await cleanUp();
  }
}

let config: SoakConfig;
try {
  config = parseSoakArgs(process.argv.slice(2), process.env, randomInt(2 ** 32 - 1));
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
process.exitCode = (await soak(config)) ? 0 : 1;

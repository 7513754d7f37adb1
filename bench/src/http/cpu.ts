import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import pg from 'pg';
import {
  parseProcStat,
  ticksBeforeEnding,
  ticksBetween,
  type ProcessTimes,
  type TickSample,
} from './proc-stat.js';

async function processTimes(pid: number): Promise<ProcessTimes | null> {
  try {
    return parseProcStat(await readFile(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null; // ended since it was listed
  }
}

async function everyProcess(): Promise<ProcessTimes[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  return (await Promise.all(pids.map(processTimes))).filter((times) => times !== null);
}

function clockTicksPerSecond(): number {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
}

/** The application_name of the benchmark's own PostgreSQL connections. */
export const MONITOR_APPLICATION = 'ls-bench-monitor';
const MONITOR = Symbol('the benchmark');

export interface CpuGroups {
  /** Processes the benchmark started, by name. */
  processes: Record<string, number>;
  /** Databases whose PostgreSQL backends count apart, by name ("postgres <name>"). */
  databases: Record<string, string>;
}

export interface CpuSnapshot {
  groups: Map<string, TickSample>;
  /** Every PostgreSQL process, whichever group counts it. */
  postgres: TickSample;
}

const POSTGRES_REST = 'postgres, rest';

/**
 * Samples the CPU time of the processes under test, of the PostgreSQL backends serving each database under
 * test, of the rest of PostgreSQL (its background processes, other databases, and backends that ended, from
 * the server's child ticks) and of Redis. Works on the machine that runs PostgreSQL and Redis.
 */
export class CpuMeter {
  private readonly tickMs = 1000 / clockTicksPerSecond();

  private constructor(
    private readonly groups: CpuGroups,
    private readonly monitor: pg.Client,
  ) {}

  /** `serverUrl` names a database of the server that none of the groups uses. */
  static async open(serverUrl: string, groups: CpuGroups): Promise<CpuMeter> {
    const monitor = new pg.Client({ connectionString: serverUrl, application_name: MONITOR_APPLICATION });
    await monitor.connect();
    return new CpuMeter(groups, monitor);
  }

  async snapshot(): Promise<CpuSnapshot> {
    const [all, backends] = await Promise.all([everyProcess(), this.backends()]);
    const byPid = new Map(all.map((times) => [times.pid, times]));
    const snapshot = new Map<string, TickSample>();
    const sample = (pids: Iterable<number>) =>
      new Map([...pids].flatMap((pid) => (byPid.has(pid) ? [[pid, byPid.get(pid)!.ticks] as const] : [])));

    for (const [name, pid] of Object.entries(this.groups.processes)) snapshot.set(name, sample([pid]));
    // The benchmark's own connections (lag polling, these readings) count as the load generator's work.
    const monitors = backends.get(MONITOR) ?? [];
    snapshot.set('bench driver', sample([process.pid, ...monitors]));
    const counted = new Set<number>(monitors);
    for (const [name, database] of Object.entries(this.groups.databases)) {
      const pids = backends.get(database) ?? [];
      pids.forEach((pid) => counted.add(pid));
      snapshot.set(`postgres ${name}`, sample(pids));
    }
    const postgres = all.filter((times) => times.comm === 'postgres' && !counted.has(times.pid));
    const postmaster = postgres.filter((times) => byPid.get(times.ppid)?.comm !== 'postgres');
    snapshot.set(
      POSTGRES_REST,
      new Map([
        ...postgres.map((times) => [times.pid, times.ticks] as const),
        // Negative keys hold the child ticks of the server process, so ended backends count too.
        ...postmaster.map((times) => [-times.pid, times.childTicks] as const),
      ]),
    );
    snapshot.set('redis', sample(all.filter((times) => times.comm === 'redis-server').map((t) => t.pid)));
    const everyPostgres = all.filter((times) => times.comm === 'postgres');
    return { groups: snapshot, postgres: new Map(everyPostgres.map((times) => [times.pid, times.ticks])) };
  }

  /** Milliseconds of CPU each group spent between two snapshots. */
  spentMs(before: CpuSnapshot, after: CpuSnapshot): Record<string, number> {
    // A backend that ended in between (a pool's idle connection, of any database) counts in the rest from
    // `before` on only, not with the life it had before (a peer's whole figure, ending in a later one's window).
    const endedEarlier = ticksBeforeEnding(before.postgres, after.postgres);
    return Object.fromEntries(
      [...after.groups].map(([name, sample]) => {
        const ticks = ticksBetween(before.groups.get(name) ?? new Map(), sample);
        return [name, (name === POSTGRES_REST ? Math.max(0, ticks - endedEarlier) : ticks) * this.tickMs];
      }),
    );
  }

  close(): Promise<void> {
    return this.monitor.end();
  }

  /** The backends of each database under test, and the benchmark's own under MONITOR. */
  private async backends(): Promise<Map<string | typeof MONITOR, number[]>> {
    const { rows } = await this.monitor.query<{ datname: string; pid: number; monitor: boolean }>(
      `select datname, pid, application_name = $2 as monitor from pg_stat_activity
       where datname = any($1) or application_name = $2`,
      [Object.values(this.groups.databases), MONITOR_APPLICATION],
    );
    const groups = new Map<string | typeof MONITOR, number[]>();
    for (const row of rows) {
      const group = row.monitor ? MONITOR : row.datname;
      groups.set(group, [...(groups.get(group) ?? []), row.pid]);
    }
    return groups;
  }
}

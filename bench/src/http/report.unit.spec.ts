import { describe, expect, it } from '@jest/globals';
import type { LoadWindow } from './load.js';
import {
  formatReport,
  lagRun,
  summarize,
  type FigureRun,
  type HttpBenchResults,
  type HttpRun,
} from './report.js';

const window = (perSecond: number, p50Ms: number, p99Ms: number, failed = 0): LoadWindow => ({
  ok: perSecond * 10,
  failed,
  seconds: 10,
  perSecond,
  p50Ms,
  p99Ms,
  statusCodes: { '201': perSecond * 10 },
  bytesPerAnswer: 500,
});

const figure = (
  perSecond: number,
  p50Ms: number,
  p99Ms: number,
  cpu: Record<string, number>,
  failed = 0,
): FigureRun => ({
  ...window(perSecond, p50Ms, p99Ms, failed),
  cpuMsPerRequest: cpu,
  postgresPerRequest: { transactions: 1, rows_inserted: 4 },
});

const lag = (readModelP99Ms: number) => ({
  measured: 900,
  unmeasured: 0,
  readModelP50Ms: readModelP99Ms / 4,
  readModelP99Ms,
  allSubscribersP99Ms: readModelP99Ms + 100,
});

function run(bare: number, commands: number, emmett: number, lagP99: number, failed = 0): HttpRun {
  return {
    order: ['commands', 'queries', 'emmett', 'bare'],
    commands: {
      ...figure(commands, 300, 600, { api: 6, 'postgres platform': 12, 'postgres, rest': 30 }, failed),
      lag: lag(lagP99 * 2),
    },
    halfRate: { ...window(commands / 2, 40, 90), targetPerSecond: commands / 2, lag: lag(lagP99) },
    queries: figure(500, 60, 130, { api: 1.5 }),
    emmett: figure(emmett, 200, 400, { 'emmett peer': 3 }),
    bare: figure(bare, 8, 23, { 'bare server': 0.2 }),
  };
}

/** What the benchmark writes of `runs`, on a machine and with settings of the tests'. */
function resultsOf(runs: HttpRun[]): HttpBenchResults {
  return {
    ...summarize(runs),
    settings: {
      runs: 3,
      seconds: 10,
      warmup_seconds: 3,
      connections: 32,
      members: 64,
      pool_size: 10,
      log_level: 'info',
    },
    versions: { autocannon: '8.0.0', emmett: '0.42.0', emmett_postgresql: '0.42.0', express: '5.3.0' },
    environment: {
      cpus: 2,
      cpu_model: 'Test CPU',
      memory_gib: 24,
      node: '20.20.2',
      postgres: '15.20',
      commit: 'abc1234',
      load_average: { start: 1.5, end: 2 },
    },
    measured_at: '2026-11-25T12:00:00.000Z',
    runs,
  };
}

describe('HTTP benchmark report', () => {
  // The ceiling drifts between runs; ratios are taken within a run.
  const runs = [run(3_000, 90, 60, 180), run(4_000, 100, 40, 300, 2), run(3_500, 98, 50, 240)];

  it('gives each measure as the median of the runs, and every failure of every run', () => {
    const { figures } = summarize(runs);
    expect(figures.commands).toMatchObject({
      per_second: 98,
      p50_ms: 300,
      p99_ms: 600,
      failed: 2,
      runs_per_second: [90, 100, 98],
      cpu_ms_per_request: { api: 6, 'postgres platform': 12 },
      postgres_per_request: { transactions: 1, rows_inserted: 4 },
    });
    expect(figures.bare).toMatchObject({
      per_second: 3_500,
      x_ceiling: 1,
      runs_per_second: [3_000, 4_000, 3_500],
    });
  });

  it('divides by the ceiling and by the Emmett peer of the same run, then takes the median', () => {
    const summary = summarize(runs);
    // 90/3000 = 0.03, 100/4000 = 0.025, 98/3500 = 0.028
    expect(summary.figures.commands.x_ceiling).toBe(0.028);
    // 90/60 = 1.5, 100/40 = 2.5, 98/50 = 1.96
    expect(summary.commands_x_emmett).toBe(1.96);
  });

  it('gives the projection lag at full load and at half the rate each run reached', () => {
    const { projection_lag: projectionLag } = summarize(runs);
    expect(projectionLag.at_half_rate).toMatchObject({
      read_model_p99_ms: 240,
      all_subscribers_p99_ms: 340,
      runs_read_model_p99_ms: [180, 300, 240],
      target_per_second: 49,
    });
    expect(projectionLag.at_full_load.read_model_p99_ms).toBe(480);
  });

  it('says which targets of the issue the figures meet', () => {
    expect(summarize(runs).targets).toEqual({
      commands_at_least_0_25_x_ceiling: false,
      commands_p99_at_most_100_ms: false,
      commands_without_errors: false,
      commands_at_least_2_x_emmett: false,
      queries_at_least_0_5_x_ceiling: false,
      queries_p99_at_most_50_ms: false,
      lag_p99_at_half_rate_at_most_250_ms: true,
    });
  });

  it('measures lag percentiles only of the commands seen through, and none of an empty window', () => {
    expect(lagRun({ readModelMs: [10, 30, 20], allSubscribersMs: [40, 50, 45], unmeasured: 1 })).toEqual({
      measured: 3,
      unmeasured: 1,
      readModelP50Ms: 20,
      readModelP99Ms: 30,
      allSubscribersP99Ms: 50,
    });
    expect(lagRun({ readModelMs: [], allSubscribersMs: [], unmeasured: 0 }).readModelP99Ms).toBeNaN();
  });

  it('prints the figures, the ratio to the ceiling, CPU per answer by process and the verdicts', () => {
    // The members' histories grow from run to run, and the queries' answers with them.
    const growing = runs.map((each, index) => ({
      ...each,
      queries: {
        ...each.queries,
        bytesPerAnswer: [6_000, 6_500, 20_000][index]!,
        postgresPerRequest: { transactions: 2, rows_returned: 30 + index },
      },
    }));
    const report = formatReport(resultsOf(growing));
    expect(report).toContain(
      '32 connections, 64 members, 10 s per figure after 3 s of warm-up; medians of 3 run(s)',
    );
    expect(report).toMatch(
      /POST \/api\/withdraw 0\.01 \(platform\) +98 \(90, 100, 98\) +300\.0 ms +600\.0 ms +2 +0\.028/,
    );
    expect(report).toMatch(
      /node:http \+ pg, one INSERT \(ceiling\) +3,500 \(3,000, 4,000, 3,500\) +8\.0 ms +23\.0 ms +0 +1\.000/,
    );
    expect(report).toContain('Platform commands / Emmett peer (same run): 1.96x');
    expect(report).toContain(
      'PostgreSQL per platform query: 2.00 transactions, 31.0 rows returned; answers of 6,500 bytes (each run: 6,000, 6,500, 20,000).',
    );
    expect(report).toMatch(/^api +6\.00 +1\.50 +- +-$/m);
    expect(report).toMatch(/^postgres, rest +30\.00 +- +- +-$/m);
    expect(report).toMatch(/^total of the above but the shared servers +18\.00 +1\.50 +3\.00 +0\.20$/m);
    expect(report).toContain('projection lag p99 <= 250 ms at half the full rate: met');
    expect(report).toContain('no errors: MISSED');
    expect(report).toContain('No statements per command: the server does not keep pg_stat_statements');
  });

  it("lists the last run's costliest statements per command and per query when the server keeps them", () => {
    const statement = (text: string, msPerRequest: number) => ({
      statement: text,
      calls_per_request: 1,
      ms_per_call: msPerRequest,
      ms_per_request: msPerRequest,
      rows_per_call: 1,
    });
    const withStatements = runs.map((each, index) => ({
      ...each,
      commands: { ...each.commands, statements: [statement(`insert ${index}`, 0.5 + index)] },
      queries: { ...each.queries, statements: [statement(`select ${index}`, 0.25)] },
    }));
    const summary = summarize(withStatements);
    const report = formatReport(resultsOf(withStatements));

    expect(summary.figures.commands.statements_last_run).toEqual([statement('insert 2', 2.5)]);
    expect(summary.figures.emmett.statements_last_run).toBeUndefined();
    expect(report).toMatch(/Costliest statements per command, the last run/);
    expect(report).toMatch(/^ {2}ms per command +calls +ms per call +rows per call +statement$/m);
    expect(report).toMatch(/^ +2\.500 +1\.00 +2\.500 +1\.0 +insert 2$/m);
    expect(report).toMatch(/^ +0\.250 +1\.00 +0\.250 +1\.0 +select 2$/m);
    expect(report).not.toContain('No statements per');
  });
});

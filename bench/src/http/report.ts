import type { StatementCost } from './database-activity.js';
import type { LoadWindow } from './load.js';
import { median, medianOfEach, percentile, round } from './stats.js';

export const FIGURES = ['commands', 'queries', 'emmett', 'bare'] as const;
export type FigureName = (typeof FIGURES)[number];

export const FIGURE_TITLES: Record<FigureName, string> = {
  commands: 'POST /api/withdraw 0.01 (platform)',
  queries: 'GET /api/user + 3 histories (platform)',
  emmett: 'the same withdrawal, Emmett peer',
  bare: 'node:http + pg, one INSERT (ceiling)',
};

export interface FigureRun extends LoadWindow {
  /** CPU milliseconds each process (or group of processes) spent per 2xx answer, until the platform was idle. */
  cpuMsPerRequest: Record<string, number>;
  /** pg_stat_database's counters of the figure's database, per 2xx answer. */
  postgresPerRequest: Record<string, number>;
  /** The platform's costliest statements, when the server keeps pg_stat_statements. */
  statements?: StatementCost[];
}

/** Projection lag of the commands of one window, in milliseconds. */
export interface LagRun {
  measured: number;
  unmeasured: number;
  readModelP50Ms: number;
  readModelP99Ms: number;
  allSubscribersP99Ms: number;
}

export interface HalfRateRun extends LoadWindow {
  targetPerSecond: number;
  lag: LagRun;
}

export interface HttpRun {
  /** The order the figures were measured in: each run starts one further along. */
  order: FigureName[];
  commands: FigureRun & { lag: LagRun };
  /** Commands at half the rate this run's commands reached: the lag there is the one with a target. */
  halfRate: HalfRateRun;
  queries: FigureRun;
  emmett: FigureRun;
  bare: FigureRun;
}

export function lagRun(lags: {
  readModelMs: number[];
  allSubscribersMs: number[];
  unmeasured: number;
}): LagRun {
  const p = (values: number[], fraction: number) =>
    values.length ? round(percentile(values, fraction), 1) : NaN;
  return {
    measured: lags.readModelMs.length,
    unmeasured: lags.unmeasured,
    readModelP50Ms: p(lags.readModelMs, 0.5),
    readModelP99Ms: p(lags.readModelMs, 0.99),
    allSubscribersP99Ms: p(lags.allSubscribersMs, 0.99),
  };
}

export interface FigureSummary {
  per_second: number;
  p50_ms: number;
  p99_ms: number;
  /** Non-2xx answers and connection errors over every run, warm-ups excluded. */
  failed: number;
  /** The median over runs of this figure's rate divided by the ceiling's in the same run. */
  x_ceiling: number;
  runs_per_second: number[];
  bytes_per_answer: number;
  cpu_ms_per_request: Record<string, number>;
  postgres_per_request: Record<string, number>;
  /** The last run's costliest statements, when the server kept pg_stat_statements. */
  statements_last_run?: StatementCost[];
}

export interface LagSummary {
  read_model_p50_ms: number;
  read_model_p99_ms: number;
  all_subscribers_p99_ms: number;
  runs_read_model_p99_ms: number[];
}

export interface HttpSummary {
  figures: Record<FigureName, FigureSummary>;
  /** The median over runs of the platform's command rate divided by the Emmett peer's in the same run. */
  commands_x_emmett: number;
  projection_lag: {
    at_full_load: LagSummary;
    at_half_rate: LagSummary & {
      target_per_second: number;
      per_second: number;
      p99_ms: number;
      failed: number;
    };
  };
  targets: {
    commands_at_least_0_25_x_ceiling: boolean;
    commands_p99_at_most_100_ms: boolean;
    commands_without_errors: boolean;
    commands_at_least_2_x_emmett: boolean;
    queries_at_least_0_5_x_ceiling: boolean;
    queries_p99_at_most_50_ms: boolean;
    lag_p99_at_half_rate_at_most_250_ms: boolean;
  };
}

const medianOf = <T>(runs: readonly T[], value: (run: T) => number) => median(runs.map(value));

function summarizeFigure(runs: readonly HttpRun[], name: FigureName): FigureSummary {
  const figureRuns = runs.map((run) => run[name]);
  const rounded = (record: Record<string, number>, digits: number) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, round(value, digits)]));
  return {
    per_second: round(medianOf(figureRuns, (run) => run.perSecond)),
    p50_ms: round(
      medianOf(figureRuns, (run) => run.p50Ms),
      1,
    ),
    p99_ms: round(
      medianOf(figureRuns, (run) => run.p99Ms),
      1,
    ),
    failed: figureRuns.reduce((sum, run) => sum + run.failed, 0),
    x_ceiling: round(
      medianOf(runs, (run) => run[name].perSecond / run.bare.perSecond),
      3,
    ),
    runs_per_second: figureRuns.map((run) => round(run.perSecond)),
    bytes_per_answer: round(medianOf(figureRuns, (run) => run.bytesPerAnswer)),
    cpu_ms_per_request: rounded(medianOfEach(figureRuns.map((run) => run.cpuMsPerRequest)), 2),
    postgres_per_request: rounded(medianOfEach(figureRuns.map((run) => run.postgresPerRequest)), 2),
    ...(figureRuns.at(-1)?.statements ? { statements_last_run: figureRuns.at(-1)!.statements } : {}),
  };
}

function summarizeLag(lags: readonly LagRun[]): LagSummary {
  const measured = lags.filter((lag) => lag.measured > 0);
  const of = (value: (lag: LagRun) => number) =>
    measured.length ? round(medianOf(measured, value), 1) : NaN;
  return {
    read_model_p50_ms: of((lag) => lag.readModelP50Ms),
    read_model_p99_ms: of((lag) => lag.readModelP99Ms),
    all_subscribers_p99_ms: of((lag) => lag.allSubscribersP99Ms),
    runs_read_model_p99_ms: lags.map((lag) => lag.readModelP99Ms),
  };
}

export function summarize(runs: readonly HttpRun[]): HttpSummary {
  if (runs.length === 0) throw new Error('no runs to summarize');
  const figures = Object.fromEntries(FIGURES.map((name) => [name, summarizeFigure(runs, name)])) as Record<
    FigureName,
    FigureSummary
  >;
  const halfRates = runs.map((run) => run.halfRate);
  const atHalfRate = {
    ...summarizeLag(halfRates.map((run) => run.lag)),
    target_per_second: round(medianOf(halfRates, (run) => run.targetPerSecond)),
    per_second: round(medianOf(halfRates, (run) => run.perSecond)),
    p99_ms: round(
      medianOf(halfRates, (run) => run.p99Ms),
      1,
    ),
    failed: halfRates.reduce((sum, run) => sum + run.failed, 0),
  };
  const commandsXEmmett = round(
    medianOf(runs, (run) => run.commands.perSecond / run.emmett.perSecond),
    2,
  );
  const { commands, queries } = figures;
  return {
    figures,
    commands_x_emmett: commandsXEmmett,
    projection_lag: {
      at_full_load: summarizeLag(runs.map((run) => run.commands.lag)),
      at_half_rate: atHalfRate,
    },
    targets: {
      commands_at_least_0_25_x_ceiling: commands.x_ceiling >= 0.25,
      commands_p99_at_most_100_ms: commands.p99_ms <= 100,
      commands_without_errors: commands.failed === 0 && atHalfRate.failed === 0,
      commands_at_least_2_x_emmett: commandsXEmmett >= 2,
      queries_at_least_0_5_x_ceiling: queries.x_ceiling >= 0.5,
      queries_p99_at_most_50_ms: queries.p99_ms <= 50,
      lag_p99_at_half_rate_at_most_250_ms: atHalfRate.read_model_p99_ms <= 250,
    },
  };
}

export interface HttpBenchResults extends HttpSummary {
  settings: {
    runs: number;
    seconds: number;
    warmup_seconds: number;
    connections: number;
    members: number;
    pool_size: number;
    log_level: string;
  };
  versions: { autocannon: string; emmett: string; emmett_postgresql: string; express: string };
  environment: {
    cpus: number;
    cpu_model: string;
    memory_gib: number;
    node: string;
    postgres: string;
    commit: string;
    load_average: { start: number; end: number };
  };
  measured_at: string;
  runs: HttpRun[];
}

const count = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-US') : '-');
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : '-');
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function table(rows: string[][], alignLeft = 1): string[] {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        column < alignLeft ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      )
      .join('  ')
      .trimEnd();
  return [line(rows[0]!), line(widths.map((width) => '-'.repeat(width))), ...rows.slice(1).map(line)];
}

/**
 * Rows that also hold others' work on a shared machine: PostgreSQL's background processes and every other
 * database of the server, and the whole Redis server.
 */
const SHARED_SERVERS = ['postgres, rest', 'redis'];

/** The order processes are listed in; any other group follows. */
const PROCESS_ORDER = [
  'api',
  'projector',
  'mailer',
  'emmett peer',
  'bare server',
  'postgres platform',
  'postgres emmett',
  'postgres bare',
  'postgres, rest',
  'redis',
  'mail + s3',
  'bench driver',
];

/** The costliest statements of a platform figure, or why there are none. */
function statementLines(
  per: 'command' | 'query',
  statements: readonly StatementCost[] | undefined,
): string[] {
  if (!statements) {
    return [`No statements per ${per}: the server does not keep pg_stat_statements (README, Performance).`];
  }
  const numbers = table(
    [
      [`ms per ${per}`, 'calls', 'ms per call', 'rows per call'],
      ...statements.map((cost) => [
        cost.ms_per_request.toFixed(3),
        cost.calls_per_request.toFixed(2),
        cost.ms_per_call.toFixed(3),
        cost.rows_per_call.toFixed(1),
      ]),
    ],
    0,
  );
  const texts = ['statement', '---------', ...statements.map((cost) => cost.statement)];
  return [
    '',
    `Costliest statements per ${per}, the last run (pg_stat_statements; every process's, the benchmark's own left out):`,
    ...numbers.map((line, index) => `  ${line}  ${texts[index]}`),
  ];
}

export function formatReport(results: HttpBenchResults): string {
  const { settings, figures, environment: env, projection_lag: lag, targets } = results;
  const runList = (values: number[]) => (values.length > 1 ? ` (${values.map(count).join(', ')})` : '');
  const figureRows = [
    ['figure', 'req/s (each run)', 'p50', 'p99', 'errors', 'x ceiling'],
    ...FIGURES.map((name) => {
      const figure = figures[name];
      return [
        FIGURE_TITLES[name],
        `${count(figure.per_second)}${runList(figure.runs_per_second)}`,
        ms(figure.p50_ms),
        ms(figure.p99_ms),
        count(figure.failed),
        figure.x_ceiling.toFixed(3),
      ];
    }),
  ];

  const groups = [...new Set(FIGURES.flatMap((name) => Object.keys(figures[name].cpu_ms_per_request)))].sort(
    (a, b) =>
      (PROCESS_ORDER.indexOf(a) + 1 || PROCESS_ORDER.length + 1) -
      (PROCESS_ORDER.indexOf(b) + 1 || PROCESS_ORDER.length + 1),
  );
  const cpuCell = (name: FigureName, group: string) => {
    const value = figures[name].cpu_ms_per_request[group];
    return value === undefined || value === 0 ? '-' : value.toFixed(2);
  };
  const cpuRows = [
    ['CPU ms per 2xx answer', ...FIGURES],
    ...groups.map((group) => [group, ...FIGURES.map((name) => cpuCell(name, group))]),
    [
      'total of the above but the shared servers',
      ...FIGURES.map((name) =>
        Object.entries(figures[name].cpu_ms_per_request)
          .filter(([group]) => !SHARED_SERVERS.includes(group))
          .reduce((sum, [, value]) => sum + value, 0)
          .toFixed(2),
      ),
    ],
  ];
  const postgres = figures.commands.postgres_per_request;
  const queries = figures.queries;
  const half = lag.at_half_rate;

  return [
    `HTTP benchmark: ${settings.connections} connections, ${settings.members} members, ${settings.seconds} s per figure` +
      ` after ${settings.warmup_seconds} s of warm-up; medians of ${settings.runs} run(s), each run's rate in brackets.`,
    `PostgreSQL ${env.postgres}, Node ${env.node}, ${env.cpus} CPUs (${env.cpu_model}), ${env.memory_gib} GiB;` +
      ` load average ${env.load_average.start} at start and ${env.load_average.end} at end; commit ${env.commit}.`,
    `Pools of ${settings.pool_size} connections (the api's); LOG_LEVEL=${settings.log_level}.`,
    '',
    ...table(figureRows),
    '',
    `Platform commands / Emmett peer (same run): ${results.commands_x_emmett.toFixed(2)}x`,
    `Projection lag, answer to the withdrawal history showing it: p50 ${ms(lag.at_full_load.read_model_p50_ms)},` +
      ` p99 ${ms(lag.at_full_load.read_model_p99_ms)} at full load;` +
      ` p99 ${ms(half.read_model_p99_ms)} at half the full rate (${count(half.per_second)} of` +
      ` ${count(half.target_per_second)} req/s asked, command p99 ${ms(half.p99_ms)}).`,
    `Until every subscriber (read models and the mail notifier) had it: p99 ${ms(lag.at_full_load.all_subscribers_p99_ms)}` +
      ` at full load, ${ms(half.all_subscribers_p99_ms)} at half rate.`,
    `PostgreSQL per platform command: ${(postgres.transactions ?? 0).toFixed(2)} transactions,` +
      ` ${(postgres.rows_inserted ?? 0).toFixed(2)} rows inserted, ${(postgres.rows_updated ?? 0).toFixed(2)} updated,` +
      ` ${(postgres.rows_fetched ?? 0).toFixed(1)} fetched, ${(postgres.blocks_hit ?? 0).toFixed(1)} buffer hits.`,
    // The histories count every row found, so a query's cost grows a little with the windows of withdrawals before.
    `PostgreSQL per platform query: ${(queries.postgres_per_request.transactions ?? 0).toFixed(2)} transactions,` +
      ` ${(queries.postgres_per_request.rows_returned ?? 0).toFixed(1)} rows returned; answers of` +
      ` ${count(queries.bytes_per_answer)} bytes (each run: ${results.runs.map((run) => count(run.queries.bytesPerAnswer)).join(', ')}).`,
    ...statementLines('command', figures.commands.statements_last_run),
    ...statementLines('query', figures.queries.statements_last_run),
    '',
    ...table(cpuRows),
    '"postgres, rest" is PostgreSQL\'s background work (WAL, checkpoints) with every other database of the server' +
      ' and the time backends that ended during the window spent in it;' +
      ' "redis" the whole Redis server: on a shared machine, partly others\' work.',
    '',
    'Targets:',
    `  commands >= 0.25 x ceiling: ${verdict(targets.commands_at_least_0_25_x_ceiling)};` +
      ` p99 <= 100 ms: ${verdict(targets.commands_p99_at_most_100_ms)};` +
      ` no errors: ${verdict(targets.commands_without_errors)};` +
      ` >= 2 x Emmett: ${verdict(targets.commands_at_least_2_x_emmett)}`,
    `  queries >= 0.5 x ceiling: ${verdict(targets.queries_at_least_0_5_x_ceiling)};` +
      ` p99 <= 50 ms: ${verdict(targets.queries_p99_at_most_50_ms)}`,
    `  projection lag p99 <= 250 ms at half the full rate: ${verdict(targets.lag_p99_at_half_rate_at_most_250_ms)}`,
  ].join('\n');
}

import type { AppendFigureName, Figure } from './workload.js';

/** Figures with a target are measured several times; each run's rate, in order. */
export type RunRates = Partial<Record<'distinct_8' | 'read' | 'replay', number[]>>;

export interface AppendResults {
  appends_per_s: Record<AppendFigureName, number>;
  hot_8_conflict_rate: number;
  runs_per_s: RunRates;
}

/** The run with the median rate (the lower middle one of an even count). */
export function medianRun(runs: readonly Figure[]): Figure {
  if (runs.length === 0) throw new Error('no runs to take the median of');
  return [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor((runs.length - 1) / 2)]!;
}

const rates = (runs: readonly Figure[]) => runs.map((run) => Math.round(run.perSecond));

export interface LedgerstoneResults extends AppendResults {
  read_per_s: number;
  read_events: number;
  replay_per_s: number;
  replay_events: number;
}

export function appendResults(runs: Record<AppendFigureName, Figure[]>): AppendResults {
  const figures = Object.fromEntries(
    Object.entries(runs).map(([name, figureRuns]) => [name, medianRun(figureRuns)]),
  ) as Record<AppendFigureName, Figure>;
  const { hot_8: hot } = figures;
  return {
    appends_per_s: {
      distinct_1: Math.round(figures.distinct_1.perSecond),
      distinct_8: Math.round(figures.distinct_8.perSecond),
      distinct_32: Math.round(figures.distinct_32.perSecond),
      hot_8: Math.round(hot.perSecond),
    },
    hot_8_conflict_rate: Number((hot.conflicts / (hot.events + hot.conflicts)).toFixed(4)),
    runs_per_s: { distinct_8: rates(runs.distinct_8) },
  };
}

export function rateResults(read: readonly Figure[], replay: readonly Figure[]) {
  const [readMedian, replayMedian] = [medianRun(read), medianRun(replay)];
  return {
    read_per_s: Math.round(readMedian.perSecond),
    read_events: readMedian.events,
    replay_per_s: Math.round(replayMedian.perSecond),
    replay_events: replayMedian.events,
    runs_per_s: { read: rates(read), replay: rates(replay) },
  };
}

export interface BenchResults extends LedgerstoneResults {
  events: number;
  warmup_events: number;
  pool_size: number;
  read_batch: number;
  repeats: number;
  payload_bytes: number;
  emmett: AppendResults & { version: string };
  targets: {
    distinct_8_at_least_5000: boolean;
    distinct_8_at_least_emmett: boolean;
    /** Ours over Emmett's, distinct_8 medians of the same run. */
    distinct_8_to_emmett: number;
    distinct_8_at_least_2_5x_emmett: boolean;
    read_at_least_200000: boolean;
    replay_at_least_100000: boolean;
  };
  environment: { cpus: number; node: string; postgres: string; load_average: { start: number; end: number } };
  measured_at: string;
}

export function targetsOf(ours: LedgerstoneResults, emmett: AppendResults): BenchResults['targets'] {
  const ratio = ours.appends_per_s.distinct_8 / emmett.appends_per_s.distinct_8;
  return {
    distinct_8_at_least_5000: ours.appends_per_s.distinct_8 >= 5_000,
    distinct_8_at_least_emmett: ratio >= 1,
    distinct_8_to_emmett: ratio,
    distinct_8_at_least_2_5x_emmett: ratio >= 2.5,
    read_at_least_200000: ours.read_per_s >= 200_000,
    replay_at_least_100000: ours.replay_per_s >= 100_000,
  };
}

const count = (n: number) => n.toLocaleString('en-US');
const runList = (runs: number[] | undefined) =>
  runs && runs.length > 1 ? ` (${runs.map(count).join(', ')})` : '';
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export function formatTable(results: BenchResults): string {
  const { appends_per_s: ours, emmett, targets } = results;
  const rows: [string, string, string, string][] = [
    ['figure (per second)', 'ledgerstone', `emmett ${emmett.version}`, 'target'],
    ['appends distinct_1', count(ours.distinct_1), count(emmett.appends_per_s.distinct_1), ''],
    [
      'appends distinct_8',
      `${count(ours.distinct_8)}${runList(results.runs_per_s.distinct_8)}`,
      `${count(emmett.appends_per_s.distinct_8)}${runList(emmett.runs_per_s.distinct_8)}`,
      `>= 5,000 ${verdict(targets.distinct_8_at_least_5000)}; >= emmett ${verdict(targets.distinct_8_at_least_emmett)};` +
        ` ${targets.distinct_8_to_emmett.toFixed(2)}x emmett, >= 2.5x ${verdict(targets.distinct_8_at_least_2_5x_emmett)}`,
    ],
    ['appends distinct_32', count(ours.distinct_32), count(emmett.appends_per_s.distinct_32), ''],
    ['appends hot_8', count(ours.hot_8), count(emmett.appends_per_s.hot_8), ''],
    ['hot_8 conflict rate', percent(results.hot_8_conflict_rate), percent(emmett.hot_8_conflict_rate), ''],
    [
      `read (readAllPages, pages of ${count(results.read_batch)})`,
      `${count(results.read_per_s)}${runList(results.runs_per_s.read)}`,
      '-',
      `>= 200,000 ${verdict(targets.read_at_least_200000)}`,
    ],
    [
      'replay into a balance table',
      `${count(results.replay_per_s)}${runList(results.runs_per_s.replay)}`,
      '-',
      `>= 100,000 ${verdict(targets.replay_at_least_100000)}`,
    ],
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: [string, string, string, string]) =>
    `${row[0].padEnd(widths[0]!)}  ${row[1].padStart(widths[1]!)}  ${row[2].padStart(widths[2]!)}  ${row[3]}`.trimEnd();
  const { environment: env } = results;
  return [
    `Event store benchmark: ${count(results.events)} events per figure (after ${count(results.warmup_events)} of warm-up),` +
      ` pool of ${results.pool_size} connections per store, ${results.payload_bytes}-byte data + metadata.`,
    `PostgreSQL ${env.postgres}, Node ${env.node}, ${env.cpus} CPUs, load average ${env.load_average.start}` +
      ` at start and ${env.load_average.end} at end. Read ${count(results.read_events)} events,` +
      ` replayed ${count(results.replay_events)}.`,
    `Figures with a target are the median of ${results.repeats} runs (each run's rate in brackets).`,
    '',
    line(rows[0]!),
    line(['-'.repeat(widths[0]!), '-'.repeat(widths[1]!), '-'.repeat(widths[2]!), '-'.repeat(6)]),
    ...rows.slice(1).map(line),
  ].join('\n');
}

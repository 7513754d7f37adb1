import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { dropDatabase, ensureDatabase, withDatabase } from '@ledgerstone/eventstore';
import pg from 'pg';
import { readBenchConfig, type BenchConfig } from './eventstore/config.js';
import {
  appendResults,
  formatTable,
  rateResults,
  targetsOf,
  type BenchResults,
  type LedgerstoneResults,
} from './eventstore/report.js';
import { startSide, type Side } from './eventstore/side.js';
import { APPEND_FIGURES, PAYLOAD_BYTES, type AppendFigureName, type Figure } from './eventstore/workload.js';

const resultsFile = new URL('../results/eventstore.json', import.meta.url);

async function emmettVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return manifest.dependencies['@event-driven-io/emmett-postgresql'] ?? 'unknown';
}

async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('show server_version');
    return rows[0]?.server_version ?? 'unknown';
  } finally {
    await client.end();
  }
}

const load = () => Number(loadavg()[0]!.toFixed(2));

async function main(config: BenchConfig): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const oursUrl = withDatabase(config.databaseUrl, `ls_bench_${suffix}`);
  const emmettUrl = withDatabase(config.databaseUrl, `ls_bench_emmett_${suffix}`);
  const dropAll = () => Promise.all([dropDatabase(oursUrl), dropDatabase(emmettUrl)]);
  process.once('SIGINT', () => {
    void dropAll().finally(() => process.exit(130));
  });

  const sides: Side[] = [];
  try {
    await ensureDatabase(oursUrl);
    await ensureDatabase(emmettUrl);
    const loadAtStart = load();
    console.log(`Databases ls_bench_${suffix} (ledgerstone) and ls_bench_emmett_${suffix} (emmett)`);
    const ours = await startSide(new URL('./eventstore/ledgerstone-side.js', import.meta.url), {
      databaseUrl: oursUrl,
      config,
    });
    sides.push(ours);
    const emmett = await startSide(new URL('./eventstore/emmett-side.js', import.meta.url), {
      databaseUrl: emmettUrl,
      config,
    });
    sides.push(emmett);

    // Alternating which store goes first keeps a steady drift in machine load from favouring either. A figure
    // with a target is measured `repeats` times, so one burst of load elsewhere cannot decide it.
    const oursRuns = {} as Record<AppendFigureName, Figure[]>;
    const emmettRuns = {} as Record<AppendFigureName, Figure[]>;
    let turn = 0;
    for (const name of APPEND_FIGURES) {
      oursRuns[name] = [];
      emmettRuns[name] = [];
      const runs = name === 'distinct_8' ? config.repeats : 1;
      for (let run = 0; run < runs; run++, turn++) {
        const [first, second] = turn % 2 === 0 ? [ours, emmett] : [emmett, ours];
        const firstFigure = await first.measure(name);
        const secondFigure = await second.measure(name);
        oursRuns[name].push(first === ours ? firstFigure : secondFigure);
        emmettRuns[name].push(first === ours ? secondFigure : firstFigure);
      }
    }
    await emmett.close();
    const repeat = async (figure: string) => {
      const runs: Figure[] = [];
      for (let run = 0; run < config.repeats; run++) runs.push(await ours.measure(figure));
      return runs;
    };
    const readRuns = await repeat('read');
    const replayRuns = await repeat('replay');
    await ours.close();

    const appended = appendResults(oursRuns);
    const rated = rateResults(readRuns, replayRuns);
    const oursResults: LedgerstoneResults = {
      ...appended,
      ...rated,
      runs_per_s: { ...appended.runs_per_s, ...rated.runs_per_s },
    };
    const emmettResults = appendResults(emmettRuns);
    const results: BenchResults = {
      events: config.events,
      warmup_events: config.warmupEvents,
      pool_size: config.poolSize,
      read_batch: config.readBatch,
      repeats: config.repeats,
      payload_bytes: PAYLOAD_BYTES,
      ...oursResults,
      emmett: { version: await emmettVersion(), ...emmettResults },
      targets: targetsOf(oursResults, emmettResults),
      environment: {
        cpus: availableParallelism(),
        node: process.versions.node,
        postgres: await postgresVersion(oursUrl),
        load_average: { start: loadAtStart, end: load() },
      },
      measured_at: new Date().toISOString(),
    };
    await mkdir(new URL('.', resultsFile), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\n${formatTable(results)}\n\nWrote bench/results/eventstore.json`);
  } finally {
    await Promise.allSettled(sides.map((side) => side.close()));
    await dropAll();
  }
}

let config: BenchConfig;
try {
  config = readBenchConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
await main(config);

export interface BenchConfig {
  databaseUrl: string;
  /** Events per figure (appends counted after warm-up, events read, events replayed). */
  events: number;
  warmupEvents: number;
  /** The same pool size for both stores, so N writers hold N connections up to this size. */
  poolSize: number;
  readBatch: number;
  /** Runs of each figure with a target (distinct_8, read, replay); the median counts. */
  repeats: number;
}

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^[1-9][0-9]*$/.test(raw)) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return Number(raw);
}

function postgresUrl(name: string, fallback: string): string {
  const raw = process.env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be a postgres:// URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new Error(`${name} must be a postgres:// URL, got "${raw}"`);
  }
  return raw;
}

export function readBenchConfig(): BenchConfig {
  return {
    databaseUrl: postgresUrl('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/ledgerstone'),
    events: positiveInteger('BENCH_EVENTS', 100_000),
    warmupEvents: positiveInteger('BENCH_WARMUP_EVENTS', 2_000),
    poolSize: positiveInteger('BENCH_POOL_SIZE', 32),
    readBatch: positiveInteger('BENCH_READ_BATCH', 5_000),
    repeats: positiveInteger('BENCH_REPEATS', 3),
  };
}

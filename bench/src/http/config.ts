export interface HttpBenchConfig {
  /** The PostgreSQL server; the benchmark creates and drops databases of its own on it. */
  databaseUrl: string;
  redisUrl: string;
  /** Runs of every figure; the report gives the median of each measure. */
  runs: number;
  /** Measured seconds of each figure in each run. */
  seconds: number;
  /** Seconds of load before each measured window, not counted. */
  warmupSeconds: number;
  connections: number;
  members: number;
}

export const HTTP_BENCH_USAGE =
  'Usage: npm run bench:http -- [--runs N] [--seconds S] [--warmup S] [--connections N] [--members N]';

const DEFAULTS = { runs: 3, seconds: 10, warmup: 3, connections: 32, members: 64 } as const;
type Option = keyof typeof DEFAULTS;

function isOption(name: string): name is Option {
  return Object.hasOwn(DEFAULTS, name);
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string, protocols: readonly string[]): string {
  const raw = env[name] || fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new Error(`${name} must be a ${protocols[0]}// URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol))
    throw new Error(`${name} must be a ${protocols[0]}// URL, got "${raw}"`);
  return raw;
}

/** `--runs 5` or `--runs=5`; every value a positive integer. */
export function parseHttpBenchArgs(argv: readonly string[], env: NodeJS.ProcessEnv): HttpBenchConfig {
  const values: Record<Option, number> = { ...DEFAULTS };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index]!;
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(argument);
    const name = match?.[1];
    if (!match || name === undefined || !isOption(name)) {
      throw new Error(`Unknown argument "${argument}". ${HTTP_BENCH_USAGE}`);
    }
    const raw = match[2] ?? argv[++index];
    if (raw === undefined || !/^[1-9][0-9]*$/.test(raw)) {
      throw new Error(`--${name} must be a positive integer, got "${raw ?? ''}". ${HTTP_BENCH_USAGE}`);
    }
    values[name] = Number(raw);
  }
  return {
    databaseUrl: url(env, 'DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/ledgerstone', [
      'postgres:',
      'postgresql:',
    ]),
    redisUrl: url(env, 'REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    runs: values.runs,
    seconds: values.seconds,
    warmupSeconds: values.warmup,
    connections: values.connections,
    members: values.members,
  };
}

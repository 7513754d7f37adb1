export interface SoakConfig {
  minutes: number;
  seed: number;
  members: number;
  databaseUrl: string;
}

const usage =
  'usage: npm run soak -- [--minutes N (default 3)] [--seed S (default: random)] [--members N (default 8)]';

/** The soak's command line; the server comes from TEST_DATABASE_URL, as for the tests. */
export function parseSoakArgs(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  randomSeed: number,
): SoakConfig {
  const values = new Map<string, string>();
  for (let index = 0; index < argv.length; index += 2) {
    const [flag, value] = [argv[index]!, argv[index + 1]];
    if (!['--minutes', '--seed', '--members'].includes(flag) || value === undefined) throw new Error(usage);
    values.set(flag, value);
  }
  const number = (flag: string, fallback: number, valid: (value: number) => boolean) => {
    const given = values.get(flag);
    if (given === undefined) return fallback;
    const value = Number(given);
    if (!valid(value)) throw new Error(`${flag} ${given}: not allowed. ${usage}`);
    return value;
  };
  return {
    minutes: number('--minutes', 3, (value) => Number.isFinite(value) && value >= 2 && value <= 24 * 60),
    seed: number(
      '--seed',
      randomSeed,
      (value) => Number.isSafeInteger(value) && value >= 0 && value < 2 ** 32,
    ),
    members: number('--members', 8, (value) => Number.isSafeInteger(value) && value >= 2 && value <= 200),
    databaseUrl: env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  };
}

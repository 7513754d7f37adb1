import { parseArgs } from 'node:util';
import { createDatabase, EventStore } from '@ledgerstone/eventstore';
import { isIsoDay } from '@ledgerstone/ledger';
import { ProfitAccrual } from '../accounts/index.js';
import { AccountCommands } from '../accounts/index.js';
import { systemClock, type Clock } from '../shared/clock/clock.js';
import { loadConfig } from '../shared/config/config.js';

export const ACCRUE_USAGE =
  'usage: npm run accrue -- [--date YYYY-MM-DD] (accrues every running investment through that day; ' +
  'default yesterday, UTC)';

/** Runs the daily accrual by hand, through the given day; returns the line to print. */
export async function accrueFromCommandLine(
  args: string[],
  env: Record<string, string | undefined>,
  clock: Clock = systemClock,
): Promise<string> {
  let date: string | undefined;
  try {
    date = parseArgs({ args, options: { date: { type: 'string' } } }).values.date;
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${ACCRUE_USAGE}`, { cause: error });
  }
  if (date !== undefined && !isIsoDay(date)) throw new Error(`--date must be YYYY-MM-DD\n${ACCRUE_USAGE}`);
  const config = loadConfig(env);
  const database = createDatabase<unknown>(config.databaseUrl);
  try {
    const accrual = new ProfitAccrual(
      database,
      new AccountCommands(database, clock, new EventStore(database)),
      clock,
    );
    const run = await accrual.accrueUntil(date ?? accrual.yesterday());
    const refused = run.refused > 0 ? `; ${run.refused} accounts refused (see the log)` : '';
    return `accrued through ${run.through}: ${run.accrued} days on ${run.accounts} accounts, ${run.matured} matured${refused}`;
  } finally {
    await database.destroy();
  }
}

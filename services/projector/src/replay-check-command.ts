import { createDatabase, replayCheck, type Projection, type RowDifference } from '@ledgerstone/eventstore';
import type { CommandResult } from './rebuild-command.js';

const MAX_DIFFERENCES = 50;

function shown(value: unknown): string {
  return value === undefined ? '(no row)' : JSON.stringify(value);
}

function describe(difference: RowDifference): string {
  const key = Object.entries(difference.key)
    .map(([column, value]) => `${column}=${String(value)}`)
    .join(', ');
  const where = `${difference.table} (${key})`;
  if (difference.column === null) {
    return `  ${where}: live ${shown(difference.live)} vs replayed ${shown(difference.replayed)}`;
  }
  return `  ${where} ${difference.column}: live ${shown(difference.live)} vs replayed ${shown(difference.replayed)}`;
}

/**
 * `npm run replay-check`: replays the whole log into a shadow copy of every projection and compares it row by
 * row with the live tables; exit code 1 on any difference. Changes nothing live.
 */
export async function replayCheckCommand(
  projections: readonly Projection[],
  databaseUrl: string,
): Promise<CommandResult> {
  const db = createDatabase(databaseUrl);
  try {
    const lines: string[] = [];
    let differingRows = 0;
    let left = MAX_DIFFERENCES;
    for (const projection of projections) {
      const result = await replayCheck(db, projection, { maxDifferences: left });
      differingRows += result.differingRows;
      left -= result.differences.length;
      if (result.differingRows === 0) {
        lines.push(
          `OK ${projection.name}: ${projection.tables.join(', ')} match a replay of ${result.events} event(s)`,
        );
        continue;
      }
      lines.push(
        `DIFFERENT ${projection.name}: ${result.differingRows} row(s) differ from a replay of ${result.events} event(s)`,
      );
      lines.push(...result.differences.map(describe));
    }
    if (differingRows > 0 && left <= 0)
      lines.push(`(only the first ${MAX_DIFFERENCES} differences are shown)`);
    return { exitCode: differingRows === 0 ? 0 : 1, message: lines.join('\n') };
  } finally {
    await db.destroy();
  }
}

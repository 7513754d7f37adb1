import { loadConfigOrExit } from '../config.js';
import { projections } from '../projections/index.js';
import { replayCheckCommand } from '../replay-check-command.js';

const config = loadConfigOrExit('replay-check');
try {
  const { exitCode, message } = await replayCheckCommand(projections, config.databaseUrl);
  (exitCode === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  process.exit(exitCode);
} catch (error) {
  process.stderr.write(`replay-check: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

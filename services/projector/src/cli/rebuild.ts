import { loadConfigOrExit } from '../config.js';
import { projections } from '../projections/index.js';
import { rebuildCommand } from '../rebuild-command.js';

const config = loadConfigOrExit('projections:rebuild');
try {
  const { exitCode, message } = await rebuildCommand(process.argv[2], projections, config.databaseUrl);
  (exitCode === 0 ? process.stdout : process.stderr).write(`${message}\n`);
  process.exit(exitCode);
} catch (error) {
  process.stderr.write(`projections:rebuild: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

import { accrueFromCommandLine } from './accrue-command-line.js';

try {
  console.log(await accrueFromCommandLine(process.argv.slice(2), process.env));
} catch (error) {
  console.error(`accrue: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

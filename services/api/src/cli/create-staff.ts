import { createStaffFromCommandLine } from './staff-command-line.js';

try {
  const lines = await createStaffFromCommandLine(process.argv.slice(2), process.env);
  for (const line of lines) console.log(line);
} catch (error) {
  console.error(`staff:create: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

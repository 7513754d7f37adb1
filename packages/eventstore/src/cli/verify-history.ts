import { verifyHistory } from '../audit/verify-history.js';
import { createDatabase, databaseName } from '../database.js';

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/ledgerstone';
const db = createDatabase(url);
try {
  const result = await verifyHistory(db);
  if (result.brokenAt) {
    const { streamId, position, reason } = result.brokenAt;
    console.error(`BROKEN in ${databaseName(url)}: stream ${streamId}, position ${position}: ${reason}`);
    process.exitCode = 1;
  } else {
    console.log(
      `OK ${databaseName(url)}: ${result.events} event(s) in ${result.streams} stream(s), head ${result.headHash ?? 'none'}`,
    );
  }
} catch (error) {
  console.error(`verify-history: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

import { writeFile } from 'node:fs/promises';
import { generateTableTypes, TABLE_TYPES_FILE } from '../schema/table-types.js';
import { createTestDatabase } from '../testing/test-database.js';

// A throwaway database migrated from scratch, so the types say what the migrations create and nothing else.
const database = await createTestDatabase('table_types');
try {
  await writeFile(TABLE_TYPES_FILE, await generateTableTypes(database.db));
  console.log(`Wrote ${TABLE_TYPES_FILE}`);
} catch (error) {
  console.error(
    `Generating the table types failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  await database.drop();
}

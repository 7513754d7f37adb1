import { createDatabase, databaseName, ensureDatabase } from '../database.js';
import { migrateToLatest } from '../migrations/migrator.js';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/ledgerstone';

function databaseUrl(): string {
  const value = process.env.DATABASE_URL ?? DEFAULT_URL;
  try {
    const url = new URL(value);
    if ((url.protocol === 'postgres:' || url.protocol === 'postgresql:') && databaseName(value)) return value;
  } catch {
    // reported below
  }
  console.error('DATABASE_URL must be a postgres:// URL naming a database');
  process.exit(1);
}

const url = databaseUrl();
const name = databaseName(url);
try {
  const created = await ensureDatabase(url);
  const db = createDatabase(url);
  try {
    const applied = await migrateToLatest(db);
    const done = applied.length ? applied.join(', ') : 'already up to date';
    console.log(`${created ? 'Created and migrated' : 'Migrated'} ${name}: ${done}`);
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(`Migrating ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

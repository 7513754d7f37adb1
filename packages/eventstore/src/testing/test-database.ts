import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { createDatabase, databaseName, dropDatabase, ensureDatabase, withDatabase } from '../database.js';
import { migrateToLatest } from '../migrations/migrator.js';

const TEST_NAME = /^ls_test_[a-z0-9_]+$/;

export interface TestDatabase<DB> {
  url: string;
  db: Kysely<DB>;
  /** Closes the pool and drops the database. */
  drop(): Promise<void>;
}

export function testDatabaseUrl(label = 'run'): string {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `ls_test_${label.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${randomBytes(4).toString('hex')}`;
  return withDatabase(base, name);
}

/** A fresh, migrated database of its own for one test file; refuses any name not marked as a test database. */
export async function createTestDatabase<DB = unknown>(
  label = 'run',
  options: { migrate?: boolean; maxConnections?: number } = {},
): Promise<TestDatabase<DB>> {
  const url = testDatabaseUrl(label);
  if (!TEST_NAME.test(databaseName(url))) {
    throw new Error(`Refusing to use ${databaseName(url)} as a test database`);
  }
  await ensureDatabase(url);
  const db = createDatabase<DB>(url, { maxConnections: options.maxConnections ?? 20 });
  if (options.migrate ?? true) await migrateToLatest(db as Kysely<unknown>);
  return {
    url,
    db,
    async drop() {
      await db.destroy();
      await dropDatabase(url);
    },
  };
}

/** A Redis key prefix of its own for one test file. */
export function testRedisPrefix(label = 'run'): string {
  return `ls_test:${label}:${randomBytes(4).toString('hex')}`;
}

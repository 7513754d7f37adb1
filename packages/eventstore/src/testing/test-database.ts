import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, databaseName, dropDatabase, ensureDatabase, withDatabase } from '../database.js';
import { migrateToLatest, migrationsFingerprint } from '../migrations/migrator.js';

const TEST_NAME = /^ls_test_[a-z0-9_]+$/;
const TEMPLATE_PREFIX = 'ls_test_template_';
/** The advisory lock under which one process at a time makes the template ('ls_t' in ASCII). */
const TEMPLATE_LOCK = 0x6c735f74;
/**
 * Templates of other migrations kept, the newest: a checkout with other migrations (another branch, an older
 * commit) testing on the same server at the same time keeps copying its own.
 */
const OTHER_TEMPLATES_KEPT = 2;

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
  if (options.migrate ?? true) await createMigratedTestDatabase(url);
  else {
    refuseNonTestName(url);
    await ensureDatabase(url);
  }
  const db = createDatabase<DB>(url, { maxConnections: options.maxConnections ?? 20 });
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

let template: Promise<string> | undefined;

function refuseNonTestName(url: string): void {
  if (!TEST_NAME.test(databaseName(url))) {
    throw new Error(`Refusing to use ${databaseName(url)} as a test database`);
  }
}

/**
 * Creates the test database of `url` (from testDatabaseUrl) as a copy of a database migrated once for the current
 * migrations: copying takes a fraction of the time of running every migration again, and test files create a
 * hundred or more databases.
 */
export async function createMigratedTestDatabase(url: string): Promise<void> {
  refuseNonTestName(url);
  template ??= migratedTemplate(url).catch((error: unknown) => {
    template = undefined;
    throw error;
  });
  const admin = await adminClient(url);
  try {
    await admin.query(
      `create database ${pg.escapeIdentifier(databaseName(url))} template ${pg.escapeIdentifier(await template)}`,
    );
  } finally {
    await admin.end();
  }
}

/** The template's name; makes it (and drops templates of other migrations) when it is not there yet. */
async function migratedTemplate(url: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsFingerprint()}`;
  const admin = await adminClient(url);
  try {
    // Parallel test files wait here while the first one migrates it.
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    const ready = await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [name]);
    if (ready.rowCount) return name;
    const found = await admin.query<TemplateFound>(
      'select datname as name, datistemplate as "isTemplate" from pg_database where starts_with(datname, $1) order by oid desc',
      [TEMPLATE_PREFIX],
    );
    for (const stale of templatesToDrop(found.rows)) {
      await admin.query(`alter database ${pg.escapeIdentifier(stale)} is_template false`);
      await admin.query(`drop database ${pg.escapeIdentifier(stale)} with (force)`);
    }
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    const db = createDatabase(withDatabase(url, name), { maxConnections: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    // Marked only once migrated: a template left half-made by a killed run is dropped and made again.
    await admin.query(`alter database ${pg.escapeIdentifier(name)} is_template true`);
    return name;
  } finally {
    await admin.end();
  }
}

export interface TemplateFound {
  name: string;
  /** Marked a template, which happens only once it is migrated. */
  isTemplate: boolean;
}

/**
 * Which of the templates found (newest first) to drop before the current one is made: any half-made one (not
 * marked; whoever made it was killed, as the caller holds the lock templates are made under) and the
 * templates of other migrations past the newest OTHER_TEMPLATES_KEPT.
 */
export function templatesToDrop(found: readonly TemplateFound[]): string[] {
  let kept = 0;
  return found
    .filter(({ isTemplate }) => !isTemplate || ++kept > OTHER_TEMPLATES_KEPT)
    .map(({ name }) => name);
}

async function adminClient(url: string): Promise<pg.Client> {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  return admin;
}

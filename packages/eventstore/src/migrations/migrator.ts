import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

// Migrations are listed in code (not read from a folder) so they work the same from src under jest and from dist.
const migrations: Record<string, Migration> = {};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

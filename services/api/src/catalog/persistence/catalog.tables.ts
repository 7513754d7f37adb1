import type { WriteSideTables } from '@ledgerstone/eventstore';
import { sql, type Kysely, type Transaction } from 'kysely';
import { CATALOG_STREAM_ID } from '@ledgerstone/ledger';

export type PaymentMethodsTable = WriteSideTables['payment_methods'];

// A type, not an interface: kysely's withTables wants the implicit index signature only type literals have.
export type CatalogTables = Pick<WriteSideTables, 'plans' | 'plan_versions' | 'payment_methods'>;

export type CatalogDatabase = Kysely<CatalogTables>;
export type CatalogTransaction = Transaction<CatalogTables>;

export function catalogDatabase(db: Kysely<unknown>): CatalogDatabase {
  return db.withTables<CatalogTables>();
}

export function selectPlans(db: CatalogDatabase | CatalogTransaction) {
  return db
    .selectFrom('plans')
    .innerJoin('plan_versions', (join) =>
      join
        .onRef('plan_versions.plan_id', '=', 'plans.id')
        .onRef('plan_versions.version', '=', 'plans.current_version'),
    )
    .select([
      'plans.id',
      'plans.kind',
      'plans.active',
      'plan_versions.version',
      'plan_versions.name',
      'plan_versions.percentage',
      'plan_versions.term_days as termDays',
      'plan_versions.min_amount as minAmount',
      'plan_versions.max_amount as maxAmount',
    ])
    .orderBy('plans.kind')
    .orderBy('plan_versions.min_amount')
    .orderBy('plan_versions.name');
}

export function selectPaymentMethods(db: CatalogDatabase | CatalogTransaction) {
  return db
    .selectFrom('payment_methods')
    .select(['id', 'name', 'network', 'address', 'active', 'display_order as displayOrder'])
    .orderBy('display_order')
    .orderBy('name');
}

/**
 * Every catalog change, and the demo seed, runs under this lock: changes to the one `catalog` stream and the
 * name checks happen one at a time, and two starting api instances seed once.
 */
export async function lockCatalog(trx: CatalogTransaction): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('ledgerstone:catalog'))`.execute(trx);
}

/** The `catalog` stream's version, read under the catalog lock: what an approved change must find. */
export async function catalogVersion(trx: CatalogTransaction): Promise<number> {
  const { rows } = await sql<{ version: number }>`
    select coalesce(max(stream_position), 0)::int as version from events where stream_id = ${CATALOG_STREAM_ID}
  `.execute(trx);
  return rows[0]?.version ?? 0;
}

import type { PlanKind, WalletNetwork } from '@ledgerstone/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';

export interface PlansTable {
  id: string;
  kind: PlanKind;
  name: string;
  current_version: number;
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface PlanVersionsTable {
  plan_id: string;
  version: number;
  name: string;
  /** numeric: read back as the text it was written with ("50", "12.5"). */
  percentage: string;
  term_days: number;
  min_amount: bigint;
  max_amount: bigint;
  created_at: Date;
}

export interface PaymentMethodsTable {
  id: string;
  name: string;
  network: WalletNetwork;
  address: string;
  active: boolean;
  display_order: number;
  created_at: Date;
  updated_at: Date;
}

// A type, not an interface: kysely's withTables wants the implicit index signature only type literals have.
export type CatalogTables = {
  plans: PlansTable;
  plan_versions: PlanVersionsTable;
  payment_methods: PaymentMethodsTable;
};

export type CatalogDatabase = Kysely<CatalogTables>;
export type CatalogTransaction = Transaction<CatalogTables>;

export function catalogDatabase(db: Kysely<unknown>): CatalogDatabase {
  return db.withTables<CatalogTables>();
}

/** A plan with its current version's terms. */
export interface PlanRow {
  id: string;
  kind: PlanKind;
  active: boolean;
  version: number;
  name: string;
  percentage: string;
  termDays: number;
  minAmount: bigint;
  maxAmount: bigint;
}

export interface PaymentMethodRow {
  id: string;
  name: string;
  network: WalletNetwork;
  address: string;
  active: boolean;
  displayOrder: number;
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

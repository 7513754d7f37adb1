import type { CatalogEvent } from '@ledgerstone/ledger';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';
import { paymentMethodFrom, planFrom, type Catalog, type Plan } from '../domain/catalog.js';
import { PaymentMethodNameTakenError, PlanNameTakenError } from '../domain/catalog.errors.js';
import { selectPaymentMethods, selectPlans, type CatalogTransaction } from './catalog.tables.js';

/** The whole catalog as the decider takes it; read under the catalog lock. */
export async function loadCatalog(trx: CatalogTransaction): Promise<Catalog> {
  const plans = await selectPlans(trx).execute();
  const paymentMethods = await selectPaymentMethods(trx).execute();
  return { plans, paymentMethods };
}

function versionRow(plan: Plan, createdAt: Date) {
  return {
    plan_id: plan.id,
    version: plan.version,
    name: plan.name,
    percentage: plan.percentage,
    term_days: plan.termDays,
    min_amount: plan.minAmount,
    max_amount: plan.maxAmount,
    created_at: createdAt,
  };
}

/**
 * Writes what a decided event says to the catalog's tables, in the transaction that appends it. The decider
 * refuses a name another plan of the kind (or another payment method) has, comparing them as JavaScript
 * lowercases; the unique indexes compare them as PostgreSQL's lower() does under the database's locale. Where the
 * two differ (a Greek final sigma, a dotted capital I), the index refuses what the decider let through: that is
 * the same 409, and the transaction, event included, is rolled back.
 */
export async function writeCatalogEvent(
  trx: CatalogTransaction,
  event: CatalogEvent,
  now: Date,
): Promise<void> {
  try {
    await writeRows(trx, event, now);
  } catch (error) {
    if (isUniqueViolation(error, 'plans_name_per_kind_key') && 'kind' in event.data && 'name' in event.data) {
      throw new PlanNameTakenError(event.data.kind, event.data.name);
    }
    if (isUniqueViolation(error, 'payment_methods_name_key') && 'name' in event.data) {
      throw new PaymentMethodNameTakenError(event.data.name);
    }
    throw error;
  }
}

async function writeRows(trx: CatalogTransaction, event: CatalogEvent, now: Date): Promise<void> {
  switch (event.type) {
    case 'PlanCreated': {
      const plan = planFrom(event.data);
      await trx
        .insertInto('plans')
        .values({
          id: plan.id,
          kind: plan.kind,
          name: plan.name,
          current_version: plan.version,
          active: plan.active,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await trx.insertInto('plan_versions').values(versionRow(plan, now)).execute();
      return;
    }
    case 'PlanChanged': {
      const plan = planFrom(event.data);
      // A change of the active flag alone keeps the version, whose row is already there.
      await trx
        .insertInto('plan_versions')
        .values(versionRow(plan, now))
        .onConflict((conflict) => conflict.columns(['plan_id', 'version']).doNothing())
        .execute();
      await trx
        .updateTable('plans')
        .set({ name: plan.name, current_version: plan.version, active: plan.active, updated_at: now })
        .where('id', '=', plan.id)
        .execute();
      return;
    }
    case 'PlanDeactivated':
      await trx
        .updateTable('plans')
        .set({ active: false, updated_at: now })
        .where('id', '=', event.data.planId)
        .execute();
      return;
    case 'PaymentMethodCreated': {
      const method = paymentMethodFrom(event.data);
      await trx
        .insertInto('payment_methods')
        .values({
          id: method.id,
          name: method.name,
          network: method.network,
          address: method.address,
          active: method.active,
          display_order: method.displayOrder,
          created_at: now,
          updated_at: now,
        })
        .execute();
      return;
    }
    case 'PaymentMethodChanged': {
      const method = paymentMethodFrom(event.data);
      await trx
        .updateTable('payment_methods')
        .set({
          name: method.name,
          network: method.network,
          address: method.address,
          active: method.active,
          display_order: method.displayOrder,
          updated_at: now,
        })
        .where('id', '=', method.id)
        .execute();
      return;
    }
    case 'PaymentMethodDeactivated':
      await trx
        .updateTable('payment_methods')
        .set({ active: false, updated_at: now })
        .where('id', '=', event.data.paymentMethodId)
        .execute();
      return;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown catalog event ${(unknown as CatalogEvent).type}`);
    }
  }
}

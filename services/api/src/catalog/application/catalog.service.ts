import { Inject, Injectable } from '@nestjs/common';
import type { PlanKind, WalletNetwork } from '@ledgerstone/contracts';
import type { DepositPlan } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { z } from 'zod';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import type { PaymentMethod, Plan } from '../domain/catalog.js';
import {
  catalogDatabase,
  selectPaymentMethods,
  selectPlans,
  type CatalogDatabase,
} from '../persistence/catalog.tables.js';
import { compiledOnce } from '../../shared/database/compiled-once.js';

/** A payment method a member may use now. */
export interface ActivePaymentMethod {
  id: string;
  name: string;
  network: WalletNetwork;
  /** The platform's receiving address. */
  address: string;
}

const idFormat = z.guid();

const activePaymentMethods = compiledOnce((db: CatalogDatabase) =>
  selectPaymentMethods(db).where('active', '=', true),
);

/** Reads the catalog: for its own routes and for other modules (deposits, withdrawals). */
@Injectable()
export class CatalogService {
  private readonly db: CatalogDatabase;

  constructor(@Inject(DATABASE) database: Database) {
    this.db = catalogDatabase(database);
  }

  /** Active plans only, unless `includeInactive` (admins). */
  async plans(filter: { kind?: PlanKind; includeInactive?: boolean }): Promise<Plan[]> {
    let query = selectPlans(this.db);
    if (filter.kind) query = query.where('plans.kind', '=', filter.kind);
    if (!filter.includeInactive) query = query.where('plans.active', '=', true);
    return query.execute();
  }

  async paymentMethods(filter: { includeInactive?: boolean }): Promise<PaymentMethod[]> {
    if (filter.includeInactive) return selectPaymentMethods(this.db).execute();
    // Every withdrawal and deposit form looks the active ones up.
    return (await activePaymentMethods(this.db, {})).rows;
  }

  /**
   * The current terms of an active plan, as a deposit copies them (plan id and version included); undefined when
   * there is no such plan, it is inactive, or the id is not a uuid.
   */
  async activePlanVersion(planId: string): Promise<DepositPlan | undefined> {
    if (!idFormat.safeParse(planId).success) return undefined;
    const plan = await selectPlans(this.db)
      .where('plans.id', '=', planId)
      .where('plans.active', '=', true)
      .executeTakeFirst();
    if (!plan) return undefined;
    return {
      planId: plan.id,
      planVersion: plan.version,
      planName: plan.name,
      percentage: plan.percentage,
      termDays: plan.termDays,
      minAmount: plan.minAmount,
      maxAmount: plan.maxAmount,
    };
  }

  /** An active payment method; undefined when there is none by that id, it is inactive, or the id is not a uuid. */
  async activePaymentMethod(paymentMethodId: string): Promise<ActivePaymentMethod | undefined> {
    if (!idFormat.safeParse(paymentMethodId).success) return undefined;
    const method = await selectPaymentMethods(this.db)
      .where('id', '=', paymentMethodId)
      .where('active', '=', true)
      .executeTakeFirst();
    return method && { id: method.id, name: method.name, network: method.network, address: method.address };
  }

  /** An active payment method by its name, in any case ("BITCOIN", "bitcoin"); undefined when there is none. */
  async activePaymentMethodNamed(name: string): Promise<ActivePaymentMethod | undefined> {
    const method = await selectPaymentMethods(this.db)
      .where(sql<string>`lower(name)`, '=', name.trim().toLowerCase())
      .where('active', '=', true)
      .executeTakeFirst();
    return method && { id: method.id, name: method.name, network: method.network, address: method.address };
  }
}

import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type {
  CreatePaymentMethodRequest,
  CreatePlanRequest,
  UpdatePaymentMethodRequest,
  UpdatePlanRequest,
} from '@ledgerstone/contracts';
import { EventStore, type ActorRole, type LogPosition } from '@ledgerstone/eventstore';
import { CATALOG_STREAM_ID } from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { CoSignature } from '../../shared/approvals/four-eyes.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { evolve, type Catalog, type PaymentMethod, type Plan } from '../domain/catalog.js';
import { decide, paymentMethodWithId, planWithId, type CatalogCommand } from '../domain/catalog.decider.js';
import { loadCatalog, writeCatalogEvent } from '../persistence/catalog-rows.js';
import {
  catalogDatabase,
  catalogVersion,
  lockCatalog,
  type CatalogDatabase,
} from '../persistence/catalog.tables.js';

/** Who makes the change, as the catalog's events record it. */
export interface CatalogChangeContext {
  /** None for the system (the demo seed). */
  actorId?: string;
  actorRole: ActorRole;
  requestId: string;
}

/** The item after the change, and the log position of its event; no position when nothing changed. */
export interface CatalogChange<T> {
  item: T;
  position?: LogPosition;
}

/**
 * Admins' changes to plans and payment methods, as the catalog decider rules them. Each change writes the tables
 * and appends its events to the `catalog` stream in one transaction.
 */
@Injectable()
export class CatalogAdmin {
  private readonly db: CatalogDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: EventStore,
  ) {
    this.db = catalogDatabase(database);
  }

  createPlan(
    plan: CreatePlanRequest,
    context: CatalogChangeContext,
    coSignature?: CoSignature,
  ): Promise<CatalogChange<Plan>> {
    const planId = randomUUID();
    return this.change(
      context,
      { type: 'CreatePlan', data: { planId, plan } },
      (catalog) => planWithId(catalog, planId),
      coSignature,
    );
  }

  changePlan(
    planId: string,
    change: UpdatePlanRequest,
    context: CatalogChangeContext,
    coSignature?: CoSignature,
  ): Promise<CatalogChange<Plan>> {
    return this.change(
      context,
      { type: 'ChangePlan', data: { planId, change } },
      (catalog) => planWithId(catalog, planId),
      coSignature,
    );
  }

  deactivatePlan(planId: string, context: CatalogChangeContext): Promise<CatalogChange<Plan>> {
    return this.change(context, { type: 'DeactivatePlan', data: { planId } }, (catalog) =>
      planWithId(catalog, planId),
    );
  }

  createPaymentMethod(
    method: CreatePaymentMethodRequest,
    context: CatalogChangeContext,
    coSignature?: CoSignature,
  ): Promise<CatalogChange<PaymentMethod>> {
    const paymentMethodId = randomUUID();
    return this.change(
      context,
      { type: 'CreatePaymentMethod', data: { paymentMethodId, method } },
      (catalog) => paymentMethodWithId(catalog, paymentMethodId),
      coSignature,
    );
  }

  changePaymentMethod(
    paymentMethodId: string,
    change: UpdatePaymentMethodRequest,
    context: CatalogChangeContext,
    coSignature?: CoSignature,
  ): Promise<CatalogChange<PaymentMethod>> {
    return this.change(
      context,
      { type: 'ChangePaymentMethod', data: { paymentMethodId, change } },
      (catalog) => paymentMethodWithId(catalog, paymentMethodId),
      coSignature,
    );
  }

  deactivatePaymentMethod(
    paymentMethodId: string,
    context: CatalogChangeContext,
  ): Promise<CatalogChange<PaymentMethod>> {
    return this.change(context, { type: 'DeactivatePaymentMethod', data: { paymentMethodId } }, (catalog) =>
      paymentMethodWithId(catalog, paymentMethodId),
    );
  }

  /**
   * Decides a change on the catalog as it stands, changing nothing: it is refused as the change itself would be.
   * A proposal shows the catalog it was decided on and names its version.
   */
  async dryRun(command: CatalogCommand): Promise<{ catalog: Catalog; version: number }> {
    return this.db.transaction().execute(async (trx) => {
      await lockCatalog(trx);
      const catalog = await loadCatalog(trx);
      decide(command, catalog);
      return { catalog, version: await catalogVersion(trx) };
    });
  }

  /**
   * Creates the given plans and methods when the catalog has neither, all at once; false when it was not empty.
   * Safe when several api instances start together.
   */
  async seedIfEmpty(
    plans: CreatePlanRequest[],
    methods: CreatePaymentMethodRequest[],
    context: CatalogChangeContext,
  ): Promise<boolean> {
    const command: CatalogCommand = {
      type: 'SeedCatalog',
      data: {
        plans: plans.map((plan) => ({ planId: randomUUID(), plan })),
        paymentMethods: methods.map((method) => ({ paymentMethodId: randomUUID(), method })),
      },
    };
    const { position } = await this.change(context, command, () => undefined);
    return position !== undefined;
  }

  /**
   * Under the catalog lock: load the catalog, decide, write the rows and append the events together. `item`
   * reads the changed item from the catalog after the change. A change a second admin approved runs only at the
   * catalog's version it was proposed at, and records the approval with it.
   */
  private async change<T>(
    context: CatalogChangeContext,
    command: CatalogCommand,
    item: (catalog: Catalog) => T,
    coSignature?: CoSignature,
  ): Promise<CatalogChange<T>> {
    const metadata = {
      actorId: context.actorId,
      actorRole: context.actorRole,
      requestId: context.requestId,
      correlationId: context.requestId,
    };
    const result = await this.db.transaction().execute(async (trx) => {
      await lockCatalog(trx);
      if (coSignature) coSignature.check(await catalogVersion(trx));
      const catalog = await loadCatalog(trx);
      const events = decide(command, catalog);
      const changed = item(events.reduce(evolve, catalog));
      await coSignature?.record(trx);
      if (events.length === 0) return { item: changed };
      const now = this.clock.now();
      for (const event of events) await writeCatalogEvent(trx, event, now);
      const stored = events.map((event) => ({ id: randomUUID(), ...event, metadata }));
      const { logPosition } = await this.store.appendInTransaction(trx, CATALOG_STREAM_ID, stored, {
        expectedVersion: 'any',
      });
      return { item: changed, position: logPosition };
    });
    if (result.position) this.store.announce();
    return result;
  }
}

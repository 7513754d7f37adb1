import { randomUUID } from 'node:crypto';
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import {
  catalogMessages,
  validateWalletAddress,
  type CreatePaymentMethodRequest,
  type CreatePlanRequest,
  type UpdatePaymentMethodRequest,
  type UpdatePlanRequest,
  type WalletNetwork,
} from '@ledgerstone/contracts';
import { EventStore, type ActorRole, type LogPosition } from '@ledgerstone/eventstore';
import {
  CATALOG_STREAM_ID,
  type CatalogEvent,
  type PaymentMethodRecord,
  type PlanVersionRecord,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { z } from 'zod';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import {
  catalogDatabase,
  lockCatalog,
  selectPaymentMethods,
  selectPlans,
  type CatalogDatabase,
  type CatalogTransaction,
  type PaymentMethodRow,
  type PlanRow,
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

interface Outcome<T> {
  item: T;
  events: CatalogEvent[];
}

const idFormat = z.guid();
const FIELD_PROBLEM = 'Please correct the highlighted fields';

/**
 * Admins' changes to plans and payment methods. A change of a plan's terms adds a version; the active flag and
 * payment methods change in place. Each change appends its event to the `catalog` stream in the same transaction.
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

  createPlan(plan: CreatePlanRequest, context: CatalogChangeContext): Promise<CatalogChange<PlanRow>> {
    return this.change(context, (trx) => this.insertPlan(trx, plan));
  }

  changePlan(
    planId: string,
    change: UpdatePlanRequest,
    context: CatalogChangeContext,
  ): Promise<CatalogChange<PlanRow>> {
    return this.change(context, async (trx) => {
      const current = await findPlan(trx, planId);
      const terms = {
        name: change.name ?? current.name,
        percentage: change.percentage ?? current.percentage,
        termDays: change.termDays ?? current.termDays,
        minAmount: change.minAmount ?? current.minAmount,
        maxAmount: change.maxAmount ?? current.maxAmount,
      };
      if (terms.minAmount > terms.maxAmount) {
        throw fieldProblem(
          change.maxAmount === undefined ? 'minAmount' : 'maxAmount',
          catalogMessages.minAboveMax,
        );
      }
      const active = change.active ?? current.active;
      const newTerms =
        terms.name !== current.name ||
        terms.percentage !== current.percentage ||
        terms.termDays !== current.termDays ||
        terms.minAmount !== current.minAmount ||
        terms.maxAmount !== current.maxAmount;
      if (!newTerms && active === current.active) return { item: current, events: [] };
      if (terms.name !== current.name) await requireUniquePlanName(trx, current.kind, terms.name, planId);
      const now = this.clock.now();
      const version = newTerms ? current.version + 1 : current.version;
      if (newTerms) {
        await trx
          .insertInto('plan_versions')
          .values({ plan_id: planId, version, ...versionColumns(terms), created_at: now })
          .execute();
      }
      await trx
        .updateTable('plans')
        .set({ name: terms.name, current_version: version, active, updated_at: now })
        .where('id', '=', planId)
        .execute();
      const item: PlanRow = { ...current, ...terms, version, active };
      return { item, events: [{ type: 'PlanChanged', data: planRecord(item) }] };
    });
  }

  deactivatePlan(planId: string, context: CatalogChangeContext): Promise<CatalogChange<PlanRow>> {
    return this.change(context, async (trx) => {
      const current = await findPlan(trx, planId);
      if (!current.active) return { item: current, events: [] };
      await trx
        .updateTable('plans')
        .set({ active: false, updated_at: this.clock.now() })
        .where('id', '=', planId)
        .execute();
      return {
        item: { ...current, active: false },
        events: [{ type: 'PlanDeactivated', data: { planId, version: current.version } }],
      };
    });
  }

  createPaymentMethod(
    method: CreatePaymentMethodRequest,
    context: CatalogChangeContext,
  ): Promise<CatalogChange<PaymentMethodRow>> {
    return this.change(context, (trx) => this.insertPaymentMethod(trx, method));
  }

  changePaymentMethod(
    paymentMethodId: string,
    change: UpdatePaymentMethodRequest,
    context: CatalogChangeContext,
  ): Promise<CatalogChange<PaymentMethodRow>> {
    return this.change(context, async (trx) => {
      const current = await findPaymentMethod(trx, paymentMethodId);
      const network = change.network ?? current.network;
      const item: PaymentMethodRow = {
        ...current,
        name: change.name ?? current.name,
        network,
        address: receivingAddress(network, change.address ?? current.address),
        active: change.active ?? current.active,
        displayOrder: change.displayOrder ?? current.displayOrder,
      };
      const changed = (Object.keys(item) as (keyof PaymentMethodRow)[]).some(
        (key) => item[key] !== current[key],
      );
      if (!changed) return { item: current, events: [] };
      if (item.name !== current.name) await requireUniqueMethodName(trx, item.name, paymentMethodId);
      await trx
        .updateTable('payment_methods')
        .set({
          name: item.name,
          network: item.network,
          address: item.address,
          active: item.active,
          display_order: item.displayOrder,
          updated_at: this.clock.now(),
        })
        .where('id', '=', paymentMethodId)
        .execute();
      return { item, events: [{ type: 'PaymentMethodChanged', data: paymentMethodRecord(item) }] };
    });
  }

  deactivatePaymentMethod(
    paymentMethodId: string,
    context: CatalogChangeContext,
  ): Promise<CatalogChange<PaymentMethodRow>> {
    return this.change(context, async (trx) => {
      const current = await findPaymentMethod(trx, paymentMethodId);
      if (!current.active) return { item: current, events: [] };
      await trx
        .updateTable('payment_methods')
        .set({ active: false, updated_at: this.clock.now() })
        .where('id', '=', paymentMethodId)
        .execute();
      return {
        item: { ...current, active: false },
        events: [{ type: 'PaymentMethodDeactivated', data: { paymentMethodId } }],
      };
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
    const isEmpty = (db: CatalogDatabase | CatalogTransaction) =>
      db
        .selectNoFrom((eb) => [
          eb
            .not(
              eb.or([
                eb.exists(eb.selectFrom('plans').select('id')),
                eb.exists(eb.selectFrom('payment_methods').select('id')),
              ]),
            )
            .as('empty'),
        ])
        .executeTakeFirstOrThrow()
        .then((row) => Boolean(row.empty));
    if (!(await isEmpty(this.db))) return false;
    const { position } = await this.change(context, async (trx) => {
      if (!(await isEmpty(trx))) return { item: undefined, events: [] };
      const events: CatalogEvent[] = [];
      for (const plan of plans) events.push(...(await this.insertPlan(trx, plan)).events);
      for (const method of methods) events.push(...(await this.insertPaymentMethod(trx, method)).events);
      return { item: undefined, events };
    });
    return position !== undefined;
  }

  private async insertPlan(trx: CatalogTransaction, plan: CreatePlanRequest): Promise<Outcome<PlanRow>> {
    await requireUniquePlanName(trx, plan.kind, plan.name);
    const id = randomUUID();
    const now = this.clock.now();
    await trx
      .insertInto('plans')
      .values({
        id,
        kind: plan.kind,
        name: plan.name,
        current_version: 1,
        active: plan.active,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('plan_versions')
      .values({ plan_id: id, version: 1, ...versionColumns(plan), created_at: now })
      .execute();
    const item: PlanRow = {
      id,
      kind: plan.kind,
      active: plan.active,
      version: 1,
      name: plan.name,
      percentage: plan.percentage,
      termDays: plan.termDays,
      minAmount: plan.minAmount,
      maxAmount: plan.maxAmount,
    };
    return { item, events: [{ type: 'PlanCreated', data: planRecord(item) }] };
  }

  private async insertPaymentMethod(
    trx: CatalogTransaction,
    method: CreatePaymentMethodRequest,
  ): Promise<Outcome<PaymentMethodRow>> {
    await requireUniqueMethodName(trx, method.name);
    const displayOrder = method.displayOrder ?? (await nextDisplayOrder(trx));
    const now = this.clock.now();
    const item: PaymentMethodRow = {
      id: randomUUID(),
      name: method.name,
      network: method.network,
      address: receivingAddress(method.network, method.address),
      active: method.active,
      displayOrder,
    };
    await trx
      .insertInto('payment_methods')
      .values({
        id: item.id,
        name: item.name,
        network: item.network,
        address: item.address,
        active: item.active,
        display_order: item.displayOrder,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { item, events: [{ type: 'PaymentMethodCreated', data: paymentMethodRecord(item) }] };
  }

  /** One transaction under the catalog lock: the rows change and their events are appended together. */
  private async change<T>(
    context: CatalogChangeContext,
    work: (trx: CatalogTransaction) => Promise<Outcome<T>>,
  ): Promise<CatalogChange<T>> {
    const metadata = {
      actorId: context.actorId,
      actorRole: context.actorRole,
      requestId: context.requestId,
      correlationId: context.requestId,
    };
    const result = await this.db.transaction().execute(async (trx) => {
      await lockCatalog(trx);
      const { item, events } = await work(trx);
      if (events.length === 0) return { item };
      const stored = events.map((event) => ({ id: randomUUID(), ...event, metadata }));
      const { logPosition } = await this.store.appendInTransaction(trx, CATALOG_STREAM_ID, stored, {
        expectedVersion: 'any',
      });
      return { item, position: logPosition };
    });
    if (result.position) this.store.announce();
    return result;
  }
}

async function findPlan(trx: CatalogTransaction, planId: string): Promise<PlanRow> {
  const plan = idFormat.safeParse(planId).success
    ? await selectPlans(trx).where('plans.id', '=', planId).executeTakeFirst()
    : undefined;
  if (!plan) throw new NotFoundException('Plan not found');
  return plan;
}

async function findPaymentMethod(
  trx: CatalogTransaction,
  paymentMethodId: string,
): Promise<PaymentMethodRow> {
  const method = idFormat.safeParse(paymentMethodId).success
    ? await selectPaymentMethods(trx).where('id', '=', paymentMethodId).executeTakeFirst()
    : undefined;
  if (!method) throw new NotFoundException('Payment method not found');
  return method;
}

async function requireUniquePlanName(
  trx: CatalogTransaction,
  kind: PlanRow['kind'],
  name: string,
  exceptId?: string,
): Promise<void> {
  let query = trx
    .selectFrom('plans')
    .select('id')
    .where('kind', '=', kind)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) {
    throw nameTaken(`A ${kind === 'crypto' ? 'crypto' : 'real estate'} plan named ${name} already exists`);
  }
}

async function requireUniqueMethodName(
  trx: CatalogTransaction,
  name: string,
  exceptId?: string,
): Promise<void> {
  let query = trx
    .selectFrom('payment_methods')
    .select('id')
    .where(sql<string>`lower(name)`, '=', name.toLowerCase());
  if (exceptId) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken(`A payment method named ${name} already exists`);
}

/** After the last method. */
async function nextDisplayOrder(trx: CatalogTransaction): Promise<number> {
  const { rows } = await sql<{ next: number }>`
    select coalesce(max(display_order) + 1, 0)::int as next from payment_methods
  `.execute(trx);
  return rows[0]?.next ?? 0;
}

/** The address in its canonical form (lower-case bech32, EIP-55 hex), or a 400 naming the field. */
function receivingAddress(network: WalletNetwork, address: string): string {
  const result = validateWalletAddress(network, address);
  if (!result.ok) throw fieldProblem('address', result.message);
  return result.address;
}

function versionColumns(
  terms: Pick<PlanRow, 'name' | 'percentage' | 'termDays' | 'minAmount' | 'maxAmount'>,
) {
  return {
    name: terms.name,
    percentage: terms.percentage,
    term_days: terms.termDays,
    min_amount: terms.minAmount,
    max_amount: terms.maxAmount,
  };
}

function planRecord(plan: PlanRow): PlanVersionRecord {
  return {
    planId: plan.id,
    version: plan.version,
    kind: plan.kind,
    name: plan.name,
    percentage: plan.percentage,
    termDays: plan.termDays,
    minAmount: plan.minAmount.toString(),
    maxAmount: plan.maxAmount.toString(),
    active: plan.active,
  };
}

function paymentMethodRecord(method: PaymentMethodRow): PaymentMethodRecord {
  return {
    paymentMethodId: method.id,
    name: method.name,
    network: method.network,
    address: method.address,
    active: method.active,
    displayOrder: method.displayOrder,
  };
}

function fieldProblem(field: string, message: string): BadRequestException {
  return new BadRequestException({ message: FIELD_PROBLEM, fieldErrors: { [field]: [message] } });
}

function nameTaken(message: string): ConflictException {
  return new ConflictException({ message, fieldErrors: { name: [message] } });
}

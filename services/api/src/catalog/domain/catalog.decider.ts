import {
  catalogMessages,
  validateWalletAddress,
  type CreatePaymentMethodRequest,
  type CreatePlanRequest,
  type UpdatePaymentMethodRequest,
  type UpdatePlanRequest,
  type WalletNetwork,
} from '@ledgerstone/contracts';
import type {
  CatalogEvent,
  PaymentMethodChanged,
  PaymentMethodCreated,
  PaymentMethodDeactivated,
  PlanChanged,
  PlanCreated,
  PlanDeactivated,
} from '@ledgerstone/ledger';
import {
  evolve,
  initialState,
  paymentMethodRecord,
  planRecord,
  type Catalog,
  type PaymentMethod,
  type Plan,
} from './catalog.js';
import {
  CatalogItemNotFoundError,
  CatalogValidationError,
  PaymentMethodNameTakenError,
  PlanNameTakenError,
} from './catalog.errors.js';

export interface CreatePlan {
  type: 'CreatePlan';
  data: { planId: string; plan: CreatePlanRequest };
}

/** New terms make a new version; the active flag alone does not. The kind never changes. */
export interface ChangePlan {
  type: 'ChangePlan';
  data: { planId: string; change: UpdatePlanRequest };
}

export interface DeactivatePlan {
  type: 'DeactivatePlan';
  data: { planId: string };
}

/** Without a display order the method goes last. */
export interface CreatePaymentMethod {
  type: 'CreatePaymentMethod';
  data: { paymentMethodId: string; method: CreatePaymentMethodRequest };
}

export interface ChangePaymentMethod {
  type: 'ChangePaymentMethod';
  data: { paymentMethodId: string; change: UpdatePaymentMethodRequest };
}

export interface DeactivatePaymentMethod {
  type: 'DeactivatePaymentMethod';
  data: { paymentMethodId: string };
}

/** The demo plans and methods, all of them, into a catalog that has neither yet. */
export interface SeedCatalog {
  type: 'SeedCatalog';
  data: { plans: CreatePlan['data'][]; paymentMethods: CreatePaymentMethod['data'][] };
}

export type CatalogCommand =
  | CreatePlan
  | ChangePlan
  | DeactivatePlan
  | CreatePaymentMethod
  | ChangePaymentMethod
  | DeactivatePaymentMethod
  | SeedCatalog;

const PLAN_TERMS = ['name', 'percentage', 'termDays', 'minAmount', 'maxAmount'] as const;

export function planWithId(catalog: Catalog, planId: string): Plan {
  const plan = catalog.plans.find((candidate) => candidate.id === planId);
  if (!plan) throw new CatalogItemNotFoundError('plan');
  return plan;
}

export function paymentMethodWithId(catalog: Catalog, paymentMethodId: string): PaymentMethod {
  const method = catalog.paymentMethods.find((candidate) => candidate.id === paymentMethodId);
  if (!method) throw new CatalogItemNotFoundError('payment method');
  return method;
}

export function createPlan({ data: { planId, plan } }: CreatePlan, catalog: Catalog): PlanCreated[] {
  requireMinNotAboveMax(plan, 'maxAmount');
  requireFreePlanName(catalog, plan.kind, plan.name);
  const created: Plan = {
    id: planId,
    kind: plan.kind,
    active: plan.active,
    version: 1,
    name: plan.name,
    percentage: plan.percentage,
    termDays: plan.termDays,
    minAmount: plan.minAmount,
    maxAmount: plan.maxAmount,
  };
  return [{ type: 'PlanCreated', data: planRecord(created) }];
}

export function changePlan({ data: { planId, change } }: ChangePlan, catalog: Catalog): PlanChanged[] {
  const current = planWithId(catalog, planId);
  const terms = {
    name: change.name ?? current.name,
    percentage: change.percentage ?? current.percentage,
    termDays: change.termDays ?? current.termDays,
    minAmount: change.minAmount ?? current.minAmount,
    maxAmount: change.maxAmount ?? current.maxAmount,
  };
  // The field at fault is the one the admin sent: a new minimum above the kept maximum names the minimum.
  requireMinNotAboveMax(terms, change.maxAmount === undefined ? 'minAmount' : 'maxAmount');
  const active = change.active ?? current.active;
  const newTerms = PLAN_TERMS.some((term) => terms[term] !== current[term]);
  if (!newTerms && active === current.active) return [];
  if (terms.name !== current.name) requireFreePlanName(catalog, current.kind, terms.name, planId);
  const version = newTerms ? current.version + 1 : current.version;
  return [{ type: 'PlanChanged', data: planRecord({ ...current, ...terms, version, active }) }];
}

/** Running investments keep their terms; only new deposits stop. */
export function deactivatePlan({ data: { planId } }: DeactivatePlan, catalog: Catalog): PlanDeactivated[] {
  const current = planWithId(catalog, planId);
  if (!current.active) return [];
  return [{ type: 'PlanDeactivated', data: { planId, version: current.version } }];
}

export function createPaymentMethod(
  { data: { paymentMethodId, method } }: CreatePaymentMethod,
  catalog: Catalog,
): PaymentMethodCreated[] {
  requireFreeMethodName(catalog, method.name);
  const created: PaymentMethod = {
    id: paymentMethodId,
    name: method.name,
    network: method.network,
    address: receivingAddress(method.network, method.address),
    active: method.active,
    displayOrder: method.displayOrder ?? nextDisplayOrder(catalog),
  };
  return [{ type: 'PaymentMethodCreated', data: paymentMethodRecord(created) }];
}

/** A new network is checked against the stored address, a new address against the stored network. */
export function changePaymentMethod(
  { data: { paymentMethodId, change } }: ChangePaymentMethod,
  catalog: Catalog,
): PaymentMethodChanged[] {
  const current = paymentMethodWithId(catalog, paymentMethodId);
  const network = change.network ?? current.network;
  const changed: PaymentMethod = {
    ...current,
    name: change.name ?? current.name,
    network,
    address: receivingAddress(network, change.address ?? current.address),
    active: change.active ?? current.active,
    displayOrder: change.displayOrder ?? current.displayOrder,
  };
  const keys = Object.keys(changed) as (keyof PaymentMethod)[];
  if (keys.every((key) => changed[key] === current[key])) return [];
  if (changed.name !== current.name) requireFreeMethodName(catalog, changed.name, paymentMethodId);
  return [{ type: 'PaymentMethodChanged', data: paymentMethodRecord(changed) }];
}

export function deactivatePaymentMethod(
  { data: { paymentMethodId } }: DeactivatePaymentMethod,
  catalog: Catalog,
): PaymentMethodDeactivated[] {
  const current = paymentMethodWithId(catalog, paymentMethodId);
  if (!current.active) return [];
  return [{ type: 'PaymentMethodDeactivated', data: { paymentMethodId } }];
}

/** Nothing when the catalog has any plan or method: a seed never mixes with an operator's own catalog. */
export function seedCatalog({ data }: SeedCatalog, catalog: Catalog): CatalogEvent[] {
  if (catalog.plans.length > 0 || catalog.paymentMethods.length > 0) return [];
  const creations: CatalogCommand[] = [
    ...data.plans.map((plan): CreatePlan => ({ type: 'CreatePlan', data: plan })),
    ...data.paymentMethods.map((method): CreatePaymentMethod => ({
      type: 'CreatePaymentMethod',
      data: method,
    })),
  ];
  const events: CatalogEvent[] = [];
  let state = catalog;
  for (const creation of creations) {
    const created = decide(creation, state);
    events.push(...created);
    state = created.reduce(evolve, state);
  }
  return events;
}

/** The events the command appends; none when it would change nothing. */
export function decide(command: CatalogCommand, catalog: Catalog): CatalogEvent[] {
  switch (command.type) {
    case 'CreatePlan':
      return createPlan(command, catalog);
    case 'ChangePlan':
      return changePlan(command, catalog);
    case 'DeactivatePlan':
      return deactivatePlan(command, catalog);
    case 'CreatePaymentMethod':
      return createPaymentMethod(command, catalog);
    case 'ChangePaymentMethod':
      return changePaymentMethod(command, catalog);
    case 'DeactivatePaymentMethod':
      return deactivatePaymentMethod(command, catalog);
    case 'SeedCatalog':
      return seedCatalog(command, catalog);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown catalog command ${(unknown as { type: string }).type}`);
    }
  }
}

export const catalogDecider = { decide, evolve, initialState };

function requireMinNotAboveMax(
  terms: { minAmount: bigint; maxAmount: bigint },
  field: 'minAmount' | 'maxAmount',
): void {
  if (terms.minAmount > terms.maxAmount) throw new CatalogValidationError(field, catalogMessages.minAboveMax);
}

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function requireFreePlanName(catalog: Catalog, kind: Plan['kind'], name: string, exceptId?: string): void {
  const taken = catalog.plans.some(
    (plan) => plan.kind === kind && plan.id !== exceptId && sameName(plan.name, name),
  );
  if (taken) throw new PlanNameTakenError(kind, name);
}

function requireFreeMethodName(catalog: Catalog, name: string, exceptId?: string): void {
  const taken = catalog.paymentMethods.some(
    (method) => method.id !== exceptId && sameName(method.name, name),
  );
  if (taken) throw new PaymentMethodNameTakenError(name);
}

/** After the last method. */
function nextDisplayOrder(catalog: Catalog): number {
  return catalog.paymentMethods.reduce((next, method) => Math.max(next, method.displayOrder + 1), 0);
}

/** The address in its canonical form (lower-case bech32, EIP-55 hex), or a refusal naming the field. */
function receivingAddress(network: WalletNetwork, address: string): string {
  const result = validateWalletAddress(network, address);
  if (!result.ok) throw new CatalogValidationError('address', result.message);
  return result.address;
}

import type { PlanKind, WalletNetwork } from '@ledgerstone/contracts';
import type { CatalogEvent, PaymentMethodRecord, PlanVersionRecord } from '@ledgerstone/ledger';

/** A plan with its current version's terms. */
export interface Plan {
  id: string;
  kind: PlanKind;
  active: boolean;
  version: number;
  name: string;
  /** The plan's stated return over its term ("50"). */
  percentage: string;
  termDays: number;
  minAmount: bigint;
  maxAmount: bigint;
}

/** A receiving address of the platform itself. */
export interface PaymentMethod {
  id: string;
  name: string;
  network: WalletNetwork;
  address: string;
  active: boolean;
  displayOrder: number;
}

/** Every plan and payment method: a handful of each, so a change is decided on the whole catalog. */
export interface Catalog {
  plans: readonly Plan[];
  paymentMethods: readonly PaymentMethod[];
}

export function initialState(): Catalog {
  return { plans: [], paymentMethods: [] };
}

export function planRecord(plan: Plan): PlanVersionRecord {
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

export function paymentMethodRecord(method: PaymentMethod): PaymentMethodRecord {
  return {
    paymentMethodId: method.id,
    name: method.name,
    network: method.network,
    address: method.address,
    active: method.active,
    displayOrder: method.displayOrder,
  };
}

export function planFrom(record: PlanVersionRecord): Plan {
  return {
    id: record.planId,
    kind: record.kind,
    active: record.active,
    version: record.version,
    name: record.name,
    percentage: record.percentage,
    termDays: record.termDays,
    minAmount: BigInt(record.minAmount),
    maxAmount: BigInt(record.maxAmount),
  };
}

export function paymentMethodFrom(record: PaymentMethodRecord): PaymentMethod {
  return {
    id: record.paymentMethodId,
    name: record.name,
    // Recorded by the decider, which only takes networks the contracts know.
    network: record.network as WalletNetwork,
    address: record.address,
    active: record.active,
    displayOrder: record.displayOrder,
  };
}

/**
 * A change that only stops offering a plan or payment method: it is that item's deactivation, whichever way the
 * admin asked for it (the button or an edit), so it is recorded as one and, moving no money, needs no second admin.
 */
export function onlyDeactivates(change: { active?: boolean } & Record<string, unknown>): boolean {
  return (
    change.active === false &&
    Object.entries(change).every(([field, value]) => field === 'active' || value === undefined)
  );
}

/** Each event carries the item's whole state after the change, so the catalog is the fold of its events. */
export function evolve(catalog: Catalog, event: CatalogEvent): Catalog {
  switch (event.type) {
    case 'PlanCreated':
      return { ...catalog, plans: [...catalog.plans, planFrom(event.data)] };
    case 'PlanChanged':
      return {
        ...catalog,
        plans: catalog.plans.map((plan) => (plan.id === event.data.planId ? planFrom(event.data) : plan)),
      };
    case 'PlanDeactivated':
      return {
        ...catalog,
        plans: catalog.plans.map((plan) =>
          plan.id === event.data.planId ? { ...plan, active: false } : plan,
        ),
      };
    case 'PaymentMethodCreated':
      return { ...catalog, paymentMethods: [...catalog.paymentMethods, paymentMethodFrom(event.data)] };
    case 'PaymentMethodChanged':
      return {
        ...catalog,
        paymentMethods: catalog.paymentMethods.map((method) =>
          method.id === event.data.paymentMethodId ? paymentMethodFrom(event.data) : method,
        ),
      };
    case 'PaymentMethodDeactivated':
      return {
        ...catalog,
        paymentMethods: catalog.paymentMethods.map((method) =>
          method.id === event.data.paymentMethodId ? { ...method, active: false } : method,
        ),
      };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown catalog event ${(unknown as CatalogEvent).type}`);
    }
  }
}

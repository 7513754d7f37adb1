import type { CentsString } from '../money.js';

/**
 * Changes to the catalog (plans and payment methods) as recorded for the audit trail, all on the one stream
 * `catalog`. The catalog itself lives in relational tables; each event carries the item's whole state after the
 * change, so the trail reads without the tables.
 */
export const CATALOG_STREAM_ID = 'catalog';

export type PlanKind = 'crypto' | 'real_estate';

/** One version of a plan's terms; a deposit copies the version it was made under. */
export interface PlanVersionRecord {
  planId: string;
  version: number;
  kind: PlanKind;
  name: string;
  /** The plan's stated return over its term ("50"). */
  percentage: string;
  termDays: number;
  minAmount: CentsString;
  maxAmount: CentsString;
  active: boolean;
}

export interface PlanCreated {
  type: 'PlanCreated';
  data: PlanVersionRecord;
}

/** New terms (then `version` is new) or a change of the active flag. */
export interface PlanChanged {
  type: 'PlanChanged';
  data: PlanVersionRecord;
}

export interface PlanDeactivated {
  type: 'PlanDeactivated';
  data: { planId: string; version: number };
}

/** A receiving address of the platform itself, never a member's. */
export interface PaymentMethodRecord {
  paymentMethodId: string;
  name: string;
  /** A `WalletNetwork` of @ledgerstone/contracts. */
  network: string;
  address: string;
  active: boolean;
  displayOrder: number;
}

export interface PaymentMethodCreated {
  type: 'PaymentMethodCreated';
  data: PaymentMethodRecord;
}

export interface PaymentMethodChanged {
  type: 'PaymentMethodChanged';
  data: PaymentMethodRecord;
}

export interface PaymentMethodDeactivated {
  type: 'PaymentMethodDeactivated';
  data: { paymentMethodId: string };
}

export type CatalogEvent =
  | PlanCreated
  | PlanChanged
  | PlanDeactivated
  | PaymentMethodCreated
  | PaymentMethodChanged
  | PaymentMethodDeactivated;

export type CatalogEventType = CatalogEvent['type'];

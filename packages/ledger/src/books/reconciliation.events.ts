import type { IsoTimestamp } from '../account/account.events.js';
import type { CentsString } from '../money.js';

/**
 * The daily client money reconciliation: what operations found held per payment method at a cutoff, set against
 * the journal's custody and the members' liabilities at that moment. One stream per day (UTC) of the cutoff,
 * `reconciliation-<YYYY-MM-DD>`, whose id is that day.
 */
export const reconciliationStreamId = (reconciliationId: string): string =>
  `reconciliation-${reconciliationId}`;

export interface ReconciledMethod {
  paymentMethodId: string;
  /** What operations found held (the wallet's balance at the cutoff). */
  held: CentsString;
  /** What the journal says is held: the custody account's balance at the cutoff. */
  custody: CentsString;
  /** Held less custody: below zero money is missing, above zero there is money the books do not know of. */
  difference: CentsString;
}

export interface ReconciliationFigures {
  reconciliationId: string;
  cutoff: IsoTimestamp;
  methods: ReconciledMethod[];
  /** Custody the journal could not place with a payment method (suspense): never zero in a clean reconciliation. */
  unassignedCustody: CentsString;
  /** All held, all custody (unassigned included), and what the platform owes its members, at the cutoff. */
  held: CentsString;
  custody: CentsString;
  memberLiabilities: CentsString;
  /** Held less member liabilities: below zero is a shortfall of client money. */
  heldLessLiabilities: CentsString;
  /** Journal entries up to the cutoff, so the comparison can be repeated from the log. */
  journalEntries: number;
  enteredBy: string;
  enteredAt: IsoTimestamp;
}

/** Every payment method held what the journal says, and together they cover what the members are owed. */
export interface ReconciliationMatched {
  type: 'ReconciliationMatched';
  data: ReconciliationFigures;
}

/** A payment method's held balance differs from its custody, custody is unassigned, or there is a shortfall. */
export interface ReconciliationDifferenceFound {
  type: 'ReconciliationDifferenceFound';
  data: ReconciliationFigures;
}

export interface DifferenceResolved {
  type: 'DifferenceResolved';
  data: { reconciliationId: string; reason: string; resolvedBy: string; resolvedAt: IsoTimestamp };
}

export type ReconciliationEvent = ReconciliationMatched | ReconciliationDifferenceFound | DifferenceResolved;

import { MAX_AMOUNT, type Cents } from '../money.js';
import { BOOKS_FIRST_YEAR } from './period-close.js';
import type { ReconciliationEvent, ReconciliationFigures } from './reconciliation.events.js';

export const reconciliationMessages = {
  staffOnly: 'Only an admin may record or resolve a reconciliation.',
  futureCutoff: 'The cutoff cannot be in the future.',
  cutoffBeforeBooks: `The books begin in ${BOOKS_FIRST_YEAR}: enter a cutoff from then on.`,
  alreadyRecorded: (day: string) =>
    `The reconciliation of ${day} is already recorded. It stays as it was entered: resolve its difference with a reason instead.`,
  unknownMethod: 'There is no payment method with this id.',
  missingHeld: 'Enter the balance held for this payment method.',
  invalidAmount: 'Enter an amount from 0 to 1,000,000,000,000.00, with at most two decimal places.',
  invalidReason: 'Please give a reason of 3 to 500 characters.',
  notFound: 'There is no reconciliation for this day.',
  matched: 'This reconciliation matched: there is no difference to resolve.',
  alreadyResolved: 'This difference is already resolved.',
} as const;

export type ReconciliationErrorCode = 'VALIDATION' | 'FORBIDDEN' | 'CONFLICT' | 'NOT_FOUND';

/** Every refusal of the reconciliation decider; the message is fit to show the admin as is. */
export class ReconciliationError extends Error {
  constructor(
    readonly code: ReconciliationErrorCode,
    message: string,
    /** The form field at fault, when there is one: `cutoff`, `reason`, `held.<paymentMethodId>`. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ReconciliationError';
  }
}

export interface Reconciler {
  id: string;
  role: 'admin' | 'auditor' | 'member';
}

/** The journal at the cutoff, as the trial balance sums it. */
export interface JournalAtCutoff {
  /** Custody per payment method id. */
  custody: Readonly<Record<string, Cents>>;
  unassignedCustody: Cents;
  memberLiabilities: Cents;
  entries: number;
}

export interface RecordHeldBalances {
  type: 'RecordHeldBalances';
  data: {
    cutoff: Date;
    /** What operations found held, per payment method id, in cents. */
    held: Readonly<Record<string, Cents>>;
    /** Every payment method of the catalog: each must be counted, and no other. */
    paymentMethodIds: readonly string[];
    journal: JournalAtCutoff;
    enteredBy: Reconciler;
    enteredAt: Date;
  };
}

export interface ResolveDifference {
  type: 'ResolveDifference';
  data: { reason: string; resolvedBy: Reconciler; resolvedAt: Date };
}

export type ReconciliationCommand = RecordHeldBalances | ResolveDifference;

export type ReconciliationState =
  { status: 'none' } | { status: 'matched' | 'difference' | 'resolved'; reconciliationId: string };

const REASON_MIN = 3;
const REASON_MAX = 500;

/** The reconciliation a cutoff belongs to: its day, in UTC. */
export function reconciliationDay(cutoff: Date): string {
  return cutoff.toISOString().slice(0, 10);
}

export function initialReconciliationState(): ReconciliationState {
  return { status: 'none' };
}

export function evolveReconciliation(
  state: ReconciliationState,
  event: ReconciliationEvent,
): ReconciliationState {
  const { reconciliationId } = event.data;
  switch (event.type) {
    case 'ReconciliationMatched':
      return { status: 'matched', reconciliationId };
    case 'ReconciliationDifferenceFound':
      return { status: 'difference', reconciliationId };
    case 'DifferenceResolved':
      return { status: 'resolved', reconciliationId };
  }
}

export function decideReconciliation(
  command: ReconciliationCommand,
  state: ReconciliationState,
): ReconciliationEvent[] {
  switch (command.type) {
    case 'RecordHeldBalances':
      return record(command, state);
    case 'ResolveDifference':
      return resolve(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const reconciliationDecider = {
  decide: decideReconciliation,
  evolve: evolveReconciliation,
  initialState: initialReconciliationState,
};

/**
 * The first record of a day stands: a second is refused, never an overwrite, so what was entered and found at
 * the time stays on the record as it was. A wrong figure is explained when the difference is resolved.
 */
function record({ data }: RecordHeldBalances, state: ReconciliationState): ReconciliationEvent[] {
  requireAdmin(data.enteredBy);
  const reconciliationId = reconciliationDay(data.cutoff);
  if (state.status !== 'none') {
    throw new ReconciliationError('CONFLICT', reconciliationMessages.alreadyRecorded(reconciliationId));
  }
  if (data.cutoff > data.enteredAt) {
    throw new ReconciliationError('VALIDATION', reconciliationMessages.futureCutoff, 'cutoff');
  }
  if (data.cutoff.getUTCFullYear() < BOOKS_FIRST_YEAR) {
    throw new ReconciliationError('VALIDATION', reconciliationMessages.cutoffBeforeBooks, 'cutoff');
  }
  const { journal } = data;
  const methodIds = [...new Set([...data.paymentMethodIds, ...Object.keys(journal.custody)])];
  for (const [methodId, amount] of Object.entries(data.held)) {
    if (!methodIds.includes(methodId)) {
      throw new ReconciliationError('VALIDATION', reconciliationMessages.unknownMethod, `held.${methodId}`);
    }
    if (amount < 0n || amount > MAX_AMOUNT) {
      throw new ReconciliationError('VALIDATION', reconciliationMessages.invalidAmount, `held.${methodId}`);
    }
  }
  const missing = methodIds.find((methodId) => !Object.hasOwn(data.held, methodId));
  if (missing !== undefined) {
    throw new ReconciliationError('VALIDATION', reconciliationMessages.missingHeld, `held.${missing}`);
  }

  const methods = methodIds.map((paymentMethodId) => {
    const held = data.held[paymentMethodId]!;
    const custody = journal.custody[paymentMethodId] ?? 0n;
    return { paymentMethodId, held, custody, difference: held - custody };
  });
  const held = methods.reduce((sum, each) => sum + each.held, 0n);
  const custody = methods.reduce((sum, each) => sum + each.custody, journal.unassignedCustody);
  const heldLessLiabilities = held - journal.memberLiabilities;
  const figures: ReconciliationFigures = {
    reconciliationId,
    cutoff: data.cutoff.toISOString(),
    methods: methods.map((each) => ({
      paymentMethodId: each.paymentMethodId,
      held: each.held.toString(),
      custody: each.custody.toString(),
      difference: each.difference.toString(),
    })),
    unassignedCustody: journal.unassignedCustody.toString(),
    held: held.toString(),
    custody: custody.toString(),
    memberLiabilities: journal.memberLiabilities.toString(),
    heldLessLiabilities: heldLessLiabilities.toString(),
    journalEntries: journal.entries,
    enteredBy: data.enteredBy.id,
    enteredAt: data.enteredAt.toISOString(),
  };
  const matched =
    methods.every((each) => each.difference === 0n) &&
    journal.unassignedCustody === 0n &&
    heldLessLiabilities >= 0n;
  return [{ type: matched ? 'ReconciliationMatched' : 'ReconciliationDifferenceFound', data: figures }];
}

function resolve({ data }: ResolveDifference, state: ReconciliationState): ReconciliationEvent[] {
  requireAdmin(data.resolvedBy);
  if (state.status === 'none') throw new ReconciliationError('NOT_FOUND', reconciliationMessages.notFound);
  if (state.status === 'matched') throw new ReconciliationError('CONFLICT', reconciliationMessages.matched);
  if (state.status === 'resolved') {
    throw new ReconciliationError('CONFLICT', reconciliationMessages.alreadyResolved);
  }
  const reason = data.reason.trim();
  if (reason.length < REASON_MIN || reason.length > REASON_MAX) {
    throw new ReconciliationError('VALIDATION', reconciliationMessages.invalidReason, 'reason');
  }
  return [
    {
      type: 'DifferenceResolved',
      data: {
        reconciliationId: state.reconciliationId,
        reason,
        resolvedBy: data.resolvedBy.id,
        resolvedAt: data.resolvedAt.toISOString(),
      },
    },
  ];
}

function requireAdmin(actor: Reconciler): void {
  if (actor.role !== 'admin') throw new ReconciliationError('FORBIDDEN', reconciliationMessages.staffOnly);
}

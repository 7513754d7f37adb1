import { reconciliationMessages } from '@ledgerstone/contracts';
import type { ReconciliationError } from '@ledgerstone/ledger';
import { DomainError, type DomainErrorCode } from '../../shared/errors/domain-error.js';

/** The reconciliation decider's refusal, as the api answers it. */
export class ReconciliationRefused extends DomainError {
  readonly code: DomainErrorCode;

  constructor(refusal: ReconciliationError) {
    super(refusal.message, refusal.field ? { [refusal.field]: [refusal.message] } : undefined);
    this.code = refusal.code;
  }
}

export class ReconciliationNotFound extends DomainError {
  readonly code = 'NOT_FOUND';

  constructor() {
    super(reconciliationMessages.notFound);
  }
}

/** A CSV with bad rows: each named under `csv`, and nothing recorded. */
export class ReconciliationCsvRefused extends DomainError {
  readonly code = 'VALIDATION';

  constructor(errors: string[]) {
    super(
      errors.length === 1
        ? `${errors[0]}. Nothing was recorded.`
        : `The CSV has ${errors.length} problems. Nothing was recorded.`,
      { csv: errors },
    );
  }
}

/** The journal has not yet taken in every event up to now: its custody at the cutoff could still change. */
export class BooksCatchingUp extends DomainError {
  readonly code = 'UNAVAILABLE';

  constructor() {
    super('The books are still taking in the latest events. Please try again in a moment.');
  }
}

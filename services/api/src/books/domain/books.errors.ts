import { DomainError } from '../../shared/errors/domain-error.js';

export class ClosedPeriodNotFound extends DomainError {
  readonly code = 'NOT_FOUND';

  constructor(period: string) {
    super(`${period} has not been closed`);
  }
}

/** A member owed less than nothing: the proof of liabilities cannot count it, so the period cannot close. */
export class NegativeMemberBalance extends DomainError {
  readonly code = 'CONFLICT';

  constructor() {
    super("A member's balance is below zero: correct it before closing the period");
  }
}

/** A transaction begun before the period's end is still running: what it records falls in the period. */
export class PeriodStillRecording extends DomainError {
  readonly code = 'UNAVAILABLE';

  constructor() {
    super('Changes made before the end of this period are still being saved. Please try again in a moment.');
  }
}

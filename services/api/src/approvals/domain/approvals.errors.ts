import { approvalMessages } from '@ledgerstone/contracts';
import type { ApprovalError } from '@ledgerstone/ledger';
import { DomainError, type DomainErrorCode } from '../../shared/errors/domain-error.js';

/** The approvals decider's refusal, as the api answers it. */
export class ApprovalRefused extends DomainError {
  readonly code: DomainErrorCode;

  constructor(refusal: ApprovalError) {
    super(refusal.message, refusal.field ? { [refusal.field]: [refusal.message] } : undefined);
    this.code = refusal.code;
  }
}

/** A second proposal of what already awaits approval (the same deposit, withdrawal or member-wide change). */
export class AlreadyAwaitingApproval extends DomainError {
  readonly code = 'CONFLICT';

  constructor() {
    super(approvalMessages.alreadyPending);
  }
}

export class ApprovalNotFound extends DomainError {
  readonly code = 'NOT_FOUND';

  constructor() {
    super(approvalMessages.notFound);
  }
}

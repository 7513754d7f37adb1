import { accountMessages, lockMessages } from '@ledgerstone/contracts';
import { DomainError } from '../../shared/errors/domain-error.js';

/** The account requests' own refusals, beside the ledger decider's (AccountError). */
export abstract class AccountRequestError extends DomainError {}

/** No deposit or withdrawal by that id (on the member's own account, when a member asks). */
export class TransactionNotFoundError extends AccountRequestError {
  readonly code = 'NOT_FOUND';

  constructor(readonly kind: 'deposit' | 'withdrawal') {
    super(kind === 'deposit' ? accountMessages.depositNotFound : accountMessages.withdrawalNotFound);
  }
}

/** A deposit's proof that object storage no longer holds: a fault of the platform's, logged where it is found. */
export class ProofMissingError extends AccountRequestError {
  readonly code = 'NOT_FOUND';

  constructor() {
    super(accountMessages.proofMissing);
  }
}

/** Refused as Stripe and the IETF Idempotency-Key draft do: the first request's answer would be a lie. */
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was used for another request';

/** A key sent again with another request. */
export class IdempotencyKeyReusedError extends AccountRequestError {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';

  constructor() {
    super(IDEMPOTENCY_KEY_REUSED);
  }
}

/** A lock link that does not lock: not one the platform signed, past its 24 hours, or used already. */
export class LockLinkRefusedError extends AccountRequestError {
  readonly code: 'VALIDATION' | 'CONFLICT';

  constructor(readonly reason: 'invalid' | 'expired' | 'used') {
    const message =
      reason === 'invalid'
        ? lockMessages.linkInvalid
        : reason === 'expired'
          ? lockMessages.linkExpired
          : lockMessages.linkUsed;
    super(message, reason === 'used' ? undefined : { token: [message] });
    this.code = reason === 'used' ? 'CONFLICT' : 'VALIDATION';
  }
}

import type { PlanKind } from '@ledgerstone/contracts';
import { CORRECT_THE_FIELDS, DomainError } from '../../shared/errors/domain-error.js';

/** Every refusal of the catalog decider; the messages are shown to the admin as they are. */
export abstract class CatalogError extends DomainError {}

/** A value the catalog cannot take, named by its form field. */
export class CatalogValidationError extends CatalogError {
  readonly code = 'VALIDATION';

  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(CORRECT_THE_FIELDS, { [field]: [problem] });
  }
}

/** Names are unique among the plans of a kind, in any letter case. */
export class PlanNameTakenError extends CatalogError {
  readonly code = 'CONFLICT';

  constructor(kind: PlanKind, name: string) {
    const message = `A ${kind === 'crypto' ? 'crypto' : 'real estate'} plan named ${name} already exists`;
    super(message, { name: [message] });
  }
}

/** Names are unique among the payment methods, in any letter case. */
export class PaymentMethodNameTakenError extends CatalogError {
  readonly code = 'CONFLICT';

  constructor(name: string) {
    const message = `A payment method named ${name} already exists`;
    super(message, { name: [message] });
  }
}

export class CatalogItemNotFoundError extends CatalogError {
  readonly code = 'NOT_FOUND';

  constructor(readonly item: 'plan' | 'payment method') {
    super(item === 'plan' ? 'Plan not found' : 'Payment method not found');
  }
}

import { DomainError } from '../../shared/errors/domain-error.js';

/** Every refusal of the wallets use cases. */
export abstract class WalletsError extends DomainError {}

/** The member's account was closed (or lost its e-mail) after the session was let in: as if signed out. */
export class MemberNotActiveError extends WalletsError {
  readonly code = 'UNAUTHENTICATED';

  constructor() {
    super('Unauthorized');
  }
}

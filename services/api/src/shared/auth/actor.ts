import type { UserRole } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { Request } from 'express';
import type { AccessRule } from './access.decorators.js';

/** The signed-in user behind a request, as the session guard found them. */
export interface Actor {
  userId: string;
  role: UserRole;
  sessionId: string;
  audience: SessionAudience;
  /** Whether the account had a second factor when the request's session was checked; unknown when undefined. */
  hasSecondFactor?: boolean;
}

/**
 * Finds the actor a route's rule lets in from the request's session cookie, or throws 401/403. Identity
 * provides it (it owns sessions); the access guard and the operators' pages only know this port.
 */
export abstract class SessionAuthenticator {
  /**
   * Staff without a second factor are refused (403) unless `beforeSecondFactor` says the route is one they may
   * reach to set it up.
   */
  abstract actorFor(
    rule: Exclude<AccessRule, 'public'>,
    request: Request,
    options?: { beforeSecondFactor?: boolean },
  ): Promise<Actor>;
}

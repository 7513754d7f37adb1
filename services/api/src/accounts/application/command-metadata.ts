import type { EventMetadata } from '@ledgerstone/eventstore';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';

/**
 * Who asked, under which request: what every account event records besides its data. An action carried out on
 * approval names the approval as its cause, and the approving admin as its actor.
 */
export function commandMetadata(actor: Actor, context: RequestContext, approvalId?: string): EventMetadata {
  return {
    actorId: actor.userId,
    actorRole: actor.role,
    requestId: context.requestId,
    correlationId: context.requestId,
    ...(approvalId ? { causationId: approvalId } : {}),
  };
}

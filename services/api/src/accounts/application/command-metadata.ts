import type { EventMetadata } from '@ledgerstone/eventstore';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';

/** Who asked, under which request: what every account event records besides its data. */
export function commandMetadata(actor: Actor, context: RequestContext): EventMetadata {
  return {
    actorId: actor.userId,
    actorRole: actor.role,
    requestId: context.requestId,
    correlationId: context.requestId,
  };
}

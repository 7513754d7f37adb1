import { Command } from '@nestjs/cqrs';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';

/**
 * Sent once a change to a user's security (password, e-mail, a second factor removed) has committed: the
 * accounts context, above identity, handles it by pausing the member's withdrawals. Identity only announces it.
 */
export class SecurityChangeCommitted extends Command<void> {
  constructor(
    readonly userId: string,
    readonly actor: Pick<Actor, 'userId' | 'role'>,
    readonly context: RequestContext,
  ) {
    super();
  }
}

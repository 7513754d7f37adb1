import { Injectable } from '@nestjs/common';
import type { IdentityEvent, SessionAudience } from '@ledgerstone/ledger';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { OutboxMail } from '../../shared/infrastructure/mail-outbox.js';
import type { IdentityTransaction } from '../persistence/identity.tables.js';
import { SessionStore, type StartedSession } from '../persistence/session-store.js';
import type { User } from '../persistence/users.js';
import { SecurityChanges } from './security-changes.js';

/**
 * Opens a session once every factor the account asks for has passed: records SessionStarted and, when the
 * browser's User-Agent is one no earlier session of the user came with, NewDeviceSignedIn with its mail.
 */
@Injectable()
export class SignIn {
  constructor(
    private readonly sessions: SessionStore,
    private readonly security: SecurityChanges,
  ) {}

  async start(
    trx: IdentityTransaction,
    user: User,
    sign: {
      audience: SessionAudience;
      persistent: boolean;
      context: RequestContext;
      now: Date;
      /** Events of the sign-in's second step (a recovery code used), recorded before the session's. */
      before?: IdentityEvent[];
    },
  ): Promise<{ session: StartedSession; mails: OutboxMail[] }> {
    const { audience, persistent, context, now } = sign;
    const history = await this.sessions.deviceHistory(trx, user.id, context.userAgent);
    const session = await this.sessions.start(trx, {
      userId: user.id,
      audience,
      persistent,
      now,
      userAgent: context.userAgent,
      ip: context.ip,
    });
    const events: IdentityEvent[] = [
      ...(sign.before ?? []),
      {
        type: 'SessionStarted',
        data: { userId: user.id, sessionId: session.sessionId, audience, persistent },
      },
    ];
    if (history.earlierSessions && !history.knownDevice) {
      events.push({ type: 'NewDeviceSignedIn', data: { userId: user.id, sessionId: session.sessionId } });
    }
    const mails = await this.security.record(trx, user, events, { audience, context, now });
    return { session, mails };
  }
}

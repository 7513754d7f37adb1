import { Inject, Injectable } from '@nestjs/common';
import type { SecurityChange } from '@ledgerstone/contracts';
import { CommandBus } from '@nestjs/cqrs';
import {
  securityHoldCause,
  decideTwoFactor,
  TwoFactorError,
  type IdentityEvent,
  type SessionAudience,
  type UserRole,
  type TwoFactorCommand,
  type TwoFactorState,
} from '@ledgerstone/ledger';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import type { OutboxMail } from '../../shared/infrastructure/mail-outbox.js';
import { deviceLabel } from '../domain/device.js';
import { TwoFactorRefused, UserNotFoundError } from '../domain/identity.errors.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import {
  identityDatabase,
  type IdentityDatabase,
  type IdentityTransaction,
} from '../persistence/identity.tables.js';
import { TwoFactorStore } from '../persistence/two-factor-store.js';
import { findUser, type User } from '../persistence/users.js';
import { IdentityMail } from './identity-mail.js';
import { SecurityChangeCommitted } from './security-change-committed.js';
import type { Actor } from '../../shared/auth/actor.js';

/** The two-factor decider, its refusals in the identity context's errors. */
export function decide(command: TwoFactorCommand, state: TwoFactorState): IdentityEvent[] {
  try {
    return decideTwoFactor(command, state);
  } catch (error) {
    if (error instanceof TwoFactorError) throw TwoFactorRefused.of(error);
    throw error;
  }
}

/** The mail an event calls for, if any: one per change a person should hear of, none for its side effects. */
function changeOf(event: IdentityEvent, batch: IdentityEvent[]): SecurityChange | null {
  switch (event.type) {
    case 'SecondFactorAdded':
      return event.data.method === 'totp' ? 'totp-enabled' : 'passkey-added';
    case 'SecondFactorRemoved':
      return event.data.method === 'totp' ? 'totp-disabled' : 'passkey-removed';
    case 'PasskeyRenamed':
      return 'passkey-renamed';
    case 'RecoveryCodesGenerated':
      // Codes that come with a first factor are part of that change's mail.
      return batch.some((other) => other.type === 'SecondFactorAdded') ? null : 'recovery-codes-generated';
    case 'RecoveryCodeUsed':
      return 'recovery-code-used';
    case 'SessionEnded':
      return event.data.reason === 'signed-out-elsewhere' &&
        batch.find((other) => other.type === 'SessionEnded') === event
        ? 'sessions-signed-out'
        : null;
    case 'NewDeviceSignedIn':
      return 'new-device-sign-in';
    case 'SecondFactorsResetByAdmin':
      return 'second-factors-reset';
    default:
      return null;
  }
}

function passkeyIdOf(event: IdentityEvent): string | null {
  if (event.type === 'SecondFactorAdded' || event.type === 'SecondFactorRemoved') return event.data.passkeyId;
  if (event.type === 'PasskeyRenamed') return event.data.passkeyId;
  return null;
}

export interface SecurityRecord {
  audience: SessionAudience;
  context: RequestContext;
  now: Date;
  /** Names of the passkeys the events name, for the mails. */
  passkeyNames?: Readonly<Record<string, string>>;
  /**
   * Who made the change when it is not the user: an admin's id and role go into the events' metadata, and the
   * mails name the role only, not the admin's device or address.
   */
  actor?: { userId: string; role: UserRole };
}

export interface SecurityWork<R> {
  events: IdentityEvent[];
  result: R;
  passkeyNames?: Readonly<Record<string, string>>;
}

/**
 * The one write path of security changes: in one transaction it locks the user, reads the two-factor state,
 * lets the use case decide and write its rows, records the events on the user's stream and the mails they call
 * for; once committed, the mails are queued.
 */
@Injectable()
export class SecurityChanges {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: TwoFactorStore,
    private readonly events: IdentityEventLog,
    private readonly mail: IdentityMail,
    private readonly commandBus: CommandBus,
  ) {
    this.db = identityDatabase(database);
  }

  async run<R>(
    who: { userId: string; audience: SessionAudience },
    context: RequestContext,
    work: (
      trx: IdentityTransaction,
      state: TwoFactorState,
      user: User,
      now: Date,
    ) => Promise<SecurityWork<R>>,
  ): Promise<R> {
    const now = this.clock.now();
    const { result, mails, events, user } = await this.db.transaction().execute(async (trx) => {
      const state = await this.store.state(trx, who.userId, { lock: true });
      const user = await findUser(trx, who.userId);
      if (!user) throw new UserNotFoundError('own');
      const done = await work(trx, state, user, now);
      const recorded = await this.record(trx, user, done.events, {
        audience: who.audience,
        context,
        now,
        passkeyNames: done.passkeyNames,
      });
      return { result: done.result, mails: recorded, events: done.events, user };
    });
    await this.afterCommit(mails, {
      userId: user.id,
      events,
      actor: { userId: user.id, role: user.role },
      context,
    });
    return result;
  }

  /** Records the events (acted by the user) and the mails they call for, inside `trx`; returns the mails to queue. */
  async record(
    trx: IdentityTransaction,
    user: User,
    events: IdentityEvent[],
    { audience, context, now, passkeyNames = {}, actor }: SecurityRecord,
  ): Promise<OutboxMail[]> {
    const [first, ...rest] = events;
    if (!first) return [];
    const byStaff = actor !== undefined && actor.userId !== user.id;
    const ids = await this.events.record(trx, user.id, [first, ...rest], {
      actorId: actor?.userId ?? user.id,
      actorRole: actor?.role ?? user.role,
      requestId: context.requestId,
    });
    const email = user.email;
    if (!email) return [];
    const mails: OutboxMail[] = [];
    for (const [index, event] of events.entries()) {
      const kind = changeOf(event, events);
      const eventId = ids[index];
      if (!kind || !eventId) continue;
      const passkeyId = passkeyIdOf(event);
      mails.push(
        await this.mail.securityChange(
          trx,
          email,
          user.first_name,
          {
            kind,
            passkeyName: passkeyId === null ? null : (passkeyNames[passkeyId] ?? null),
            at: now,
            device: byStaff ? null : deviceLabel(context.userAgent),
            ip: byStaff ? null : context.ip,
            changedBy: byStaff ? 'admin' : 'user',
          },
          audience,
          { eventId, eventType: event.type, requestId: context.requestId },
        ),
      );
    }
    return mails;
  }

  /**
   * Once the change has committed: wakes the log's followers, queues the mails and, when the change is one that
   * pauses withdrawals (a factor removed, an admin's reset), tells the accounts context.
   */
  async afterCommit(
    mails: OutboxMail[],
    change?: {
      userId: string;
      events: IdentityEvent[];
      actor: Pick<Actor, 'userId' | 'role'>;
      context: RequestContext;
    },
  ): Promise<void> {
    this.events.committed();
    if (change && change.events.some((event) => securityHoldCause(event) !== null)) {
      await this.commandBus.execute(new SecurityChangeCommitted(change.userId, change.actor, change.context));
    }
    for (const mail of mails) await this.mail.enqueue(mail);
  }
}

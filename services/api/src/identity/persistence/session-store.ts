import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { IdentityEvent, SessionAudience, SessionEndReason } from '@ledgerstone/ledger';
import type { Actor } from '../../shared/auth/actor.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { newToken, tokenHash } from '../domain/secrets.js';
import { isSessionLive, sessionExpiry, shouldRecordActivity } from '../../shared/auth/session-policy.js';
import { identityDatabase, type IdentityDatabase, type IdentityTransaction } from './identity.tables.js';
import { compiledOnce } from '../../shared/database/compiled-once.js';

/** An open, live session as the security screen lists it. */
export interface OpenSession {
  id: string;
  userAgent: string | null;
  ip: string | null;
  signedInAt: Date;
  lastActiveAt: Date;
}

/** A session's actor, and whether the account has a second factor (staff without one reach only its setup). */
export type AuthenticatedActor = Actor & { hasSecondFactor: boolean };

export interface StartedSession {
  sessionId: string;
  /** The cookie's value; only its hash is stored. */
  token: string;
  expiresAt: Date;
}

/** Every request with a session cookie runs it: compiled once. */
const sessionOfToken = compiledOnce(
  (db: IdentityDatabase, parameter: (name: 'tokenHash' | 'audience') => never) =>
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as sessionId',
        'sessions.user_id as userId',
        'sessions.persistent',
        'sessions.last_seen_at as lastSeenAt',
        'sessions.expires_at as expiresAt',
        'sessions.ended_at as endedAt',
        'users.role',
        'users.status',
        (eb) =>
          eb
            .or([
              eb.exists(
                eb
                  .selectFrom('totp_factors')
                  .select('totp_factors.user_id')
                  .whereRef('totp_factors.user_id', '=', 'sessions.user_id')
                  .where('totp_factors.enabled_at', 'is not', null),
              ),
              eb.exists(
                eb
                  .selectFrom('webauthn_credentials')
                  .select('webauthn_credentials.id')
                  .whereRef('webauthn_credentials.user_id', '=', 'sessions.user_id'),
              ),
            ])
            .as('hasSecondFactor'),
      ])
      .where('sessions.token_hash', '=', parameter('tokenHash'))
      .where('sessions.audience', '=', parameter('audience')),
);

/** Server-side sessions: opaque random tokens, stored as their sha256, with idle and absolute expiry. */
@Injectable()
export class SessionStore {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.db = identityDatabase(database);
  }

  async start(
    trx: IdentityTransaction,
    session: {
      userId: string;
      audience: SessionAudience;
      persistent: boolean;
      now: Date;
      userAgent?: string;
      ip?: string;
    },
  ): Promise<StartedSession> {
    const token = newToken();
    const sessionId = randomUUID();
    const expiresAt = sessionExpiry(session.now, session.persistent);
    await trx
      .insertInto('sessions')
      .values({
        id: sessionId,
        token_hash: tokenHash(token),
        user_id: session.userId,
        audience: session.audience,
        persistent: session.persistent,
        created_at: session.now,
        last_seen_at: session.now,
        expires_at: expiresAt,
        user_agent: session.userAgent ?? null,
        ip: session.ip ?? null,
      })
      .execute();
    return { sessionId, token, expiresAt };
  }

  /**
   * The actor of a live session of `audience` whose account is active, or undefined. `touch` records the
   * activity that keeps the session from idling out; a mere look (is the other audience's cookie valid?) does not.
   */
  async authenticate(
    token: unknown,
    audience: SessionAudience,
    { touch }: { touch: boolean },
  ): Promise<AuthenticatedActor | undefined> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return undefined;
    const {
      rows: [row],
    } = await sessionOfToken(this.db, { tokenHash: tokenHash(token), audience });
    const now = this.clock.now();
    if (!row || row.status !== 'active' || !isSessionLive(row, now, this.config.sessions)) return undefined;
    if (touch && shouldRecordActivity(row.lastSeenAt, now)) {
      await this.db
        .updateTable('sessions')
        .set({ last_seen_at: now })
        .where('id', '=', row.sessionId)
        .where('ended_at', 'is', null)
        .execute();
    }
    return {
      userId: row.userId,
      role: row.role,
      sessionId: row.sessionId,
      audience,
      hasSecondFactor: Boolean(row.hasSecondFactor),
    };
  }

  /** The user's open sessions that are still live, newest first. */
  async openSessions(userId: string, now: Date): Promise<OpenSession[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select([
        'id',
        'user_agent as userAgent',
        'ip',
        'created_at as signedInAt',
        'last_seen_at as lastSeenAt',
        'persistent',
        'expires_at as expiresAt',
        'ended_at as endedAt',
      ])
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
    return rows
      .filter((row) => isSessionLive(row, now, this.config.sessions))
      .map((row) => ({
        id: row.id,
        userAgent: row.userAgent,
        ip: row.ip,
        signedInAt: row.signedInAt,
        lastActiveAt: row.lastSeenAt,
      }));
  }

  /** Whether an earlier session of the user came with this User-Agent, and whether there was any earlier one. */
  async deviceHistory(
    trx: IdentityTransaction,
    userId: string,
    userAgent: string | undefined,
  ): Promise<{ earlierSessions: boolean; knownDevice: boolean }> {
    const row = await trx
      .selectFrom('sessions')
      .select((eb) => [
        eb.fn.countAll<string>().as('sessions'),
        eb.fn
          .count<string>('id')
          .filterWhere(sql<boolean>`user_agent is not distinct from ${userAgent ?? null}`)
          .as('sameDevice'),
      ])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { earlierSessions: Number(row.sessions) > 0, knownDevice: Number(row.sameDevice) > 0 };
  }

  /** Ends one open session of the user's own; false when it is not theirs or already ended. */
  async endOwn(
    trx: IdentityTransaction,
    userId: string,
    sessionId: string,
    reason: SessionEndReason,
    now: Date,
  ): Promise<boolean> {
    const ended = await trx
      .updateTable('sessions')
      .set({ ended_at: now, ended_reason: reason })
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return ended !== undefined;
  }

  /** The open session a token names, live or idled out, for logging it out. */
  async findOpen(
    trx: IdentityTransaction,
    token: unknown,
    audience: SessionAudience,
  ): Promise<{ sessionId: string; userId: string } | undefined> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return undefined;
    return trx
      .selectFrom('sessions')
      .select(['id as sessionId', 'user_id as userId'])
      .where('token_hash', '=', tokenHash(token))
      .where('audience', '=', audience)
      .where('ended_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  async end(trx: IdentityTransaction, sessionId: string, reason: SessionEndReason, now: Date): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ ended_at: now, ended_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** The user's unexpired open sessions but `except`, read in `trx` (under the user's lock). */
  async othersOpen(trx: IdentityTransaction, userId: string, except: string, now: Date): Promise<string[]> {
    const rows = await trx
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now)
      .where('id', '!=', except)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Ends the sessions that `events` record as ended, for the reasons they give. */
  async endAsRecorded(trx: IdentityTransaction, events: readonly IdentityEvent[], now: Date): Promise<void> {
    for (const event of events) {
      if (event.type === 'SessionEnded') await this.end(trx, event.data.sessionId, event.data.reason, now);
    }
  }

  /** Ends every unexpired open session of the user, but `except`; returns the ids of those it ended. */
  async endAllOf(
    trx: IdentityTransaction,
    userId: string,
    reason: SessionEndReason,
    now: Date,
    except?: string,
  ): Promise<string[]> {
    let ending = trx
      .updateTable('sessions')
      .set({ ended_at: now, ended_reason: reason })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', now);
    if (except) ending = ending.where('id', '!=', except);
    const ended = await ending.returning('id').execute();
    return ended.map((session) => session.id);
  }
}

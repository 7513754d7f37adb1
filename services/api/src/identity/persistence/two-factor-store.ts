import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { SessionAudience, TwoFactorState } from '@ledgerstone/ledger';
import { sql, type Kysely } from 'kysely';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { recoveryCodeHash } from '../domain/recovery-codes.js';
import { seal, sealingKey, totpSealContext, unseal } from '../domain/secret-box.js';
import { newToken, tokenHash } from '../domain/secrets.js';
import type { IdentityTables, IdentityTransaction } from './identity.tables.js';

type Executor = Kysely<IdentityTables>;

export interface TotpFactor {
  /** The base32 secret, unsealed. */
  secret: string;
  setupStartedAt: Date;
  enabled: boolean;
  lastUsedStep: number | null;
}

export interface StoredPasskey {
  id: string;
  userId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface NewPasskey {
  id: string;
  userId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
  name: string;
  createdAt: Date;
}

export interface PendingLogin {
  tokenHash: Buffer;
  userId: string;
  persistent: boolean;
}

export interface IssuedChallenge {
  challenge: string;
  userId: string | null;
  issuedAt: Date;
}

/** How long a WebAuthn challenge waits for its answer. */
export const CHALLENGE_MINUTES = 5;

/**
 * The second factors' rows: sealed app secrets with the last step used, passkeys, recovery code hashes, logins
 * waiting for their second step, and WebAuthn challenges. Single use is enforced by conditional writes, so two
 * concurrent requests cannot both use one code, one challenge or one pending login.
 */
@Injectable()
export class TwoFactorStore {
  private readonly key: Buffer;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.key = sealingKey(config.twoFactorKey);
  }

  /** What the decider needs; with `lock`, the user row is locked so security changes of one user take turns. */
  async state(db: Executor, userId: string, { lock = false } = {}): Promise<TwoFactorState> {
    if (!lock) return this.currentState(db, userId);
    const users = db.selectFrom('users').select('role').where('id', '=', userId);
    const user = await (lock ? users.forNoKeyUpdate() : users).executeTakeFirst();
    const [totp, passkeys, codes] = await Promise.all([
      db.selectFrom('totp_factors').select('enabled_at').where('user_id', '=', userId).executeTakeFirst(),
      db
        .selectFrom('webauthn_credentials')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      this.recoveryCodesLeft(db, userId),
    ]);
    return {
      role: user?.role ?? null,
      totp: Boolean(totp?.enabled_at),
      passkeys: passkeys.map((passkey) => passkey.id),
      recoveryCodesLeft: codes,
    };
  }

  /**
   * The state as it stands, in one statement. Not for deciding a change: the locked read takes the lock before
   * it reads, so it sees what the change it waited for committed.
   */
  private async currentState(db: Executor, userId: string): Promise<TwoFactorState> {
    const row = await db
      .selectNoFrom((eb) => [
        eb.selectFrom('users').select('role').where('id', '=', userId).as('role'),
        eb
          .exists(
            eb
              .selectFrom('totp_factors')
              .select('user_id')
              .where('user_id', '=', userId)
              .where('enabled_at', 'is not', null),
          )
          .as('totp'),
        sql<
          string[]
        >`array(select id from webauthn_credentials where user_id = ${userId} order by created_at)`.as(
          'passkeys',
        ),
        eb
          .selectFrom('recovery_codes')
          .select((count) => count.fn.countAll<string>().as('left'))
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .as('codes'),
      ])
      .executeTakeFirstOrThrow();
    return {
      role: row.role ?? null,
      totp: Boolean(row.totp),
      passkeys: row.passkeys,
      recoveryCodesLeft: Number(row.codes ?? 0),
    };
  }

  // Authenticator app

  /** Keeps a new secret, pending until confirmed, replacing an earlier pending one; false when an app is enabled. */
  async startTotpSetup(
    trx: IdentityTransaction,
    userId: string,
    secret: string,
    now: Date,
  ): Promise<boolean> {
    const row = { sealed_secret: seal(this.key, secret, totpSealContext(userId)), setup_started_at: now };
    const stored = await trx
      .insertInto('totp_factors')
      .values({ user_id: userId, ...row, enabled_at: null, last_used_step: null })
      .onConflict((conflict) =>
        conflict.column('user_id').doUpdateSet(row).where('totp_factors.enabled_at', 'is', null),
      )
      .returning('user_id')
      .executeTakeFirst();
    return stored !== undefined;
  }

  async totp(db: Executor, userId: string): Promise<TotpFactor | undefined> {
    const row = await db
      .selectFrom('totp_factors')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      secret: unseal(this.key, row.sealed_secret, totpSealContext(userId)),
      setupStartedAt: row.setup_started_at,
      enabled: row.enabled_at !== null,
      lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
    };
  }

  /**
   * Records `step` as the last one used, only if it comes after the stored one: of two requests racing with the
   * same code, one updates the row and the other finds nothing to update. False means a replay.
   */
  async useTotpStep(trx: IdentityTransaction, userId: string, step: number): Promise<boolean> {
    const updated = await trx
      .updateTable('totp_factors')
      .set({ last_used_step: BigInt(step) })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', BigInt(step))]))
      .returning('user_id')
      .executeTakeFirst();
    return updated !== undefined;
  }

  async enableTotp(trx: IdentityTransaction, userId: string, now: Date): Promise<void> {
    await trx.updateTable('totp_factors').set({ enabled_at: now }).where('user_id', '=', userId).execute();
  }

  async removeTotp(trx: IdentityTransaction, userId: string): Promise<void> {
    await trx.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
  }

  // Recovery codes

  /** Replaces every code of the user with these (as shown: "abcde-23456"); only their hashes are kept. */
  async replaceRecoveryCodes(
    trx: IdentityTransaction,
    userId: string,
    codes: string[],
    now: Date,
  ): Promise<void> {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('recovery_codes')
      .values(
        codes.map((code) => ({
          user_id: userId,
          code_hash: recoveryCodeHash(userId, code),
          created_at: now,
        })),
      )
      .execute();
  }

  /** Marks the code used if it is one of the user's unused codes; the codes left after it, or null. */
  async useRecoveryCode(
    trx: IdentityTransaction,
    userId: string,
    code: string,
    now: Date,
  ): Promise<number | null> {
    const used = await trx
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', recoveryCodeHash(userId, code))
      .where('used_at', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    return used ? this.recoveryCodesLeft(trx, userId) : null;
  }

  async recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
    const row = await db
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('left'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.left);
  }

  async revokeRecoveryCodes(trx: IdentityTransaction, userId: string): Promise<void> {
    await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }

  // Passkeys

  /** The user's WebAuthn user handle (16 random bytes), created the first time it is asked for. */
  async userHandle(trx: IdentityTransaction, userId: string): Promise<Uint8Array> {
    await trx
      .insertInto('webauthn_user_handles')
      .values({ user_id: userId, handle: randomBytes(16) })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
    const row = await trx
      .selectFrom('webauthn_user_handles')
      .select('handle')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return new Uint8Array(row.handle);
  }

  async userOfHandle(db: Executor, handle: Buffer): Promise<string | undefined> {
    const row = await db
      .selectFrom('webauthn_user_handles')
      .select('user_id')
      .where('handle', '=', handle)
      .executeTakeFirst();
    return row?.user_id;
  }

  async passkeys(db: Executor, userId: string): Promise<StoredPasskey[]> {
    const rows = await db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(storedPasskey);
  }

  async passkey(db: Executor, id: string): Promise<StoredPasskey | undefined> {
    const row = await db
      .selectFrom('webauthn_credentials')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && storedPasskey(row);
  }

  async addPasskey(trx: IdentityTransaction, passkey: NewPasskey): Promise<void> {
    await trx
      .insertInto('webauthn_credentials')
      .values({
        id: passkey.id,
        user_id: passkey.userId,
        public_key: Buffer.from(passkey.publicKey),
        counter: BigInt(passkey.counter),
        transports: passkey.transports,
        device_type: passkey.deviceType,
        backed_up: passkey.backedUp,
        name: passkey.name,
        created_at: passkey.createdAt,
        last_used_at: null,
      })
      .execute();
  }

  async renamePasskey(trx: IdentityTransaction, userId: string, id: string, name: string): Promise<void> {
    await trx
      .updateTable('webauthn_credentials')
      .set({ name })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  async removePasskey(trx: IdentityTransaction, userId: string, id: string): Promise<void> {
    await trx.deleteFrom('webauthn_credentials').where('id', '=', id).where('user_id', '=', userId).execute();
  }

  async passkeyUsed(trx: IdentityTransaction, id: string, counter: number, now: Date): Promise<void> {
    await trx
      .updateTable('webauthn_credentials')
      .set({ counter: BigInt(counter), last_used_at: now })
      .where('id', '=', id)
      .execute();
  }

  // Logins waiting for their second step

  /** Returns the cookie's token; only its hash is stored. Expired ones are cleared on the way. */
  async startPendingLogin(
    trx: IdentityTransaction,
    login: { userId: string; audience: SessionAudience; persistent: boolean; now: Date; expiresAt: Date },
  ): Promise<string> {
    await trx.deleteFrom('pending_logins').where('expires_at', '<', login.now).execute();
    const token = newToken();
    await trx
      .insertInto('pending_logins')
      .values({
        token_hash: tokenHash(token),
        user_id: login.userId,
        audience: login.audience,
        persistent: login.persistent,
        created_at: login.now,
        expires_at: login.expiresAt,
        consumed_at: null,
      })
      .execute();
    return token;
  }

  /** The unexpired, unused pending login a cookie names for the audience, or undefined. */
  async pendingLogin(
    db: Executor,
    token: unknown,
    audience: SessionAudience,
    now: Date,
  ): Promise<PendingLogin | undefined> {
    if (typeof token !== 'string' || token.length === 0 || token.length > 100) return undefined;
    const row = await db
      .selectFrom('pending_logins')
      .select(['token_hash', 'user_id', 'persistent'])
      .where('token_hash', '=', tokenHash(token))
      .where('audience', '=', audience)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row && { tokenHash: row.token_hash, userId: row.user_id, persistent: row.persistent };
  }

  /** Uses the pending login up; false when another request already did. */
  async consumePendingLogin(trx: IdentityTransaction, login: PendingLogin, now: Date): Promise<boolean> {
    const consumed = await trx
      .updateTable('pending_logins')
      .set({ consumed_at: now })
      .where('token_hash', '=', login.tokenHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    return consumed !== undefined;
  }

  /** Removes every factor of the user: the app (set up or pending), every passkey and the recovery codes. */
  async removeAllFactors(trx: IdentityTransaction, userId: string): Promise<void> {
    await this.removeTotp(trx, userId);
    await trx.deleteFrom('webauthn_credentials').where('user_id', '=', userId).execute();
    await this.revokeRecoveryCodes(trx, userId);
  }

  /** Ends every pending login of the user: its second step can no longer open a session. */
  async endPendingLogins(trx: IdentityTransaction, userId: string, now: Date): Promise<void> {
    await trx
      .updateTable('pending_logins')
      .set({ consumed_at: now })
      .where('user_id', '=', userId)
      .where('consumed_at', 'is', null)
      .execute();
  }

  // WebAuthn challenges

  /** Keeps a challenge under `key`, replacing one waiting there; expired ones are cleared on the way. */
  async putChallenge(
    db: Executor,
    key: string,
    challenge: string,
    userId: string | null,
    now: Date,
  ): Promise<void> {
    await db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
    const row = {
      challenge,
      user_id: userId,
      issued_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
    };
    await db
      .insertInto('webauthn_challenges')
      .values({ key, ...row })
      .onConflict((conflict) => conflict.column('key').doUpdateSet(row))
      .execute();
  }

  /** Takes the challenge waiting under `key` (it answers once), or undefined when none is or it expired. */
  async takeChallenge(db: Executor, key: string, now: Date): Promise<IssuedChallenge | undefined> {
    const row = await db
      .deleteFrom('webauthn_challenges')
      .where('key', '=', key)
      .returning(['challenge', 'user_id', 'issued_at', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at.getTime() <= now.getTime()) return undefined;
    return { challenge: row.challenge, userId: row.user_id, issuedAt: row.issued_at };
  }
}

function storedPasskey(row: {
  id: string;
  user_id: string;
  public_key: Buffer;
  counter: bigint;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { verificationCodeHash } from '../domain/secrets.js';
import {
  afterWrongCode,
  checkVerificationCode,
  type VerificationCodeCheck,
} from '../domain/verification-code.js';
import { DecoyVerifications } from '../persistence/decoy-verifications.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { findUser } from '../persistence/users.js';
import { identityErrors } from '../domain/identity.errors.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

type Outcome = VerificationCodeCheck | 'not-pending' | 'no-account';

export class VerifyAccount extends Command<void> {
  constructor(
    /** The user the verification cookie names, if it was valid. */
    readonly userId: string | undefined,
    readonly code: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(VerifyAccount)
export class VerifyAccountHandler implements ICommandHandler<VerifyAccount> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rateLimits: RateLimits,
    private readonly events: IdentityEventLog,
    private readonly decoys: DecoyVerifications,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ userId, code, context }: VerifyAccount): Promise<void> {
    await this.rateLimits.verifyAttempt(context.ip);
    if (!userId) throw identityErrors.noPendingVerification();
    const now = this.clock.now();

    // A wrong code must be counted even though the call fails, so the outcome leaves the transaction first.
    let outcome = await this.db.transaction().execute(async (trx): Promise<Outcome> => {
      const user = await findUser(trx, userId, true);
      if (!user) return 'no-account';
      if (user.status !== 'unverified') return 'not-pending';
      const stored = await trx
        .selectFrom('verification_codes')
        .select(['code_hash as codeHash', 'expires_at as expiresAt', 'wrong_attempts as wrongAttempts'])
        .select('consumed_at as consumedAt')
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      const check = checkVerificationCode(stored, verificationCodeHash(userId, code), now);
      if (check === 'wrong') {
        const counted = await trx
          .updateTable('verification_codes')
          .set((update) => ({ wrong_attempts: update('wrong_attempts', '+', 1) }))
          .where('user_id', '=', userId)
          .returning('wrong_attempts')
          .executeTakeFirstOrThrow();
        return afterWrongCode(counted.wrong_attempts);
      }
      if (check !== 'accepted') return check;
      await trx
        .updateTable('verification_codes')
        .set({ consumed_at: now })
        .where('user_id', '=', userId)
        .execute();
      await trx
        .updateTable('users')
        .set({ status: 'active', verified_at: now })
        .where('id', '=', userId)
        .execute();
      await this.events.record(trx, userId, [{ type: 'UserVerified', data: { userId } }], {
        actorId: userId,
        actorRole: 'member',
        requestId: context.requestId,
      });
      return 'accepted';
    });

    // Only a signup with an address that has an account issues a ticket naming no account: answer as for one.
    if (outcome === 'no-account') outcome = await this.decoys.check(userId, now);
    switch (outcome) {
      case 'not-pending':
        throw identityErrors.noPendingVerification();
      case 'accepted':
        this.events.committed();
        return;
      case 'wrong':
        throw identityErrors.wrongCode();
      case 'locked':
        throw identityErrors.tooManyWrongCodes();
      case 'expired':
      case 'missing':
        throw identityErrors.codeExpired();
    }
  }
}

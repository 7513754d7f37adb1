import { setTimeout as sleep } from 'node:timers/promises';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SessionAudience } from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { newToken, tokenHash } from '../domain/secrets.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { findUserByEmail } from '../persistence/users.js';
import { IdentityMail, PASSWORD_RESET_MINUTES } from './identity-mail.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

/**
 * The soonest a reset request is answered, in milliseconds after it began, whether the address has an account
 * or not: the link's row and mail take a few milliseconds that an address without an account skips, and
 * timing many requests would tell the two apart.
 */
export const RESET_REQUEST_ANSWER_MS = 300;

/** Mails a single-use reset link when the address has an account; the caller learns nothing either way. */
export class RequestPasswordReset extends Command<void> {
  constructor(
    readonly audience: SessionAudience,
    readonly email: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly rateLimits: RateLimits,
    private readonly mail: IdentityMail,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ audience, email, context }: RequestPasswordReset): Promise<void> {
    await this.rateLimits.forgotPassword(context.ip, email);
    const started = performance.now();
    await this.mailResetLink(audience, email, context);
    await sleep(Math.max(0, started + RESET_REQUEST_ANSWER_MS - performance.now()));
  }

  private async mailResetLink(
    audience: SessionAudience,
    email: string,
    context: RequestContext,
  ): Promise<void> {
    const user = await findUserByEmail(this.db, email, audience);
    if (!user?.email) return;

    const token = newToken();
    const now = this.clock.now();
    const to = user.email;
    const mail = await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('password_reset_tokens')
        .values({
          token_hash: tokenHash(token),
          user_id: user.id,
          audience,
          created_at: now,
          expires_at: new Date(now.getTime() + PASSWORD_RESET_MINUTES * 60_000),
        })
        .execute();
      return this.mail.passwordReset(trx, to, user.first_name, token, audience, {
        requestId: context.requestId,
      });
    });
    await this.mail.enqueue(mail);
  }
}

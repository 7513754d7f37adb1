import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { newVerificationCode } from '../domain/secrets.js';
import { issueVerificationTicket, type VerificationTicket } from '../domain/verification-ticket.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { DecoyVerifications } from '../persistence/decoy-verifications.js';
import { findUser, storeVerificationCode } from '../persistence/users.js';
import { identityErrors } from '../domain/identity.errors.js';
import { IdentityMail } from './identity-mail.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

/** Mails a new code, which replaces the previous one; answers with a renewed verification ticket. */
export class ResendVerificationCode extends Command<VerificationTicket> {
  constructor(
    readonly userId: string | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(ResendVerificationCode)
export class ResendVerificationCodeHandler implements ICommandHandler<ResendVerificationCode> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly rateLimits: RateLimits,
    private readonly mail: IdentityMail,
    private readonly decoys: DecoyVerifications,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ userId, context }: ResendVerificationCode): Promise<VerificationTicket> {
    if (!userId) throw identityErrors.noPendingVerification();
    const user = await findUser(this.db, userId);
    // Only a signup with an address that has an account issues a ticket naming no account: answer as for one.
    if (!user) return this.resendToNobody(userId);
    if (user.status !== 'unverified' || !user.email) throw identityErrors.noPendingVerification();
    await this.rateLimits.resend(userId);

    const code = newVerificationCode();
    const now = this.clock.now();
    const email = user.email;
    const mail = await this.db.transaction().execute(async (trx) => {
      await storeVerificationCode(trx, userId, code, now);
      return this.mail.verificationCode(trx, email, user.first_name, code, {
        requestId: context.requestId,
      });
    });
    await this.mail.enqueue(mail);
    return issueVerificationTicket(userId, now, this.config.cookieSecret);
  }

  private async resendToNobody(userId: string): Promise<VerificationTicket> {
    await this.rateLimits.resend(userId);
    const now = this.clock.now();
    await this.decoys.issue(userId, now);
    return issueVerificationTicket(userId, now, this.config.cookieSecret);
  }
}

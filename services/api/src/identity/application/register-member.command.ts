import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { SignupRequest } from '@ledgerstone/contracts';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import type { OutboxMail } from '../../shared/infrastructure/mail-outbox.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';
import { newPasswordProblem } from '../../shared/auth/password-policy.js';
import { newReferralCode, newVerificationCode } from '../domain/secrets.js';
import { issueVerificationTicket, type VerificationTicket } from '../domain/verification-ticket.js';
import { DecoyVerifications } from '../persistence/decoy-verifications.js';
import { forgetSignupDecoy, SignupDecoys } from '../persistence/signup-decoys.js';
import { IdentityEventLog } from '../persistence/identity-event-log.js';
import { identityDatabase, type IdentityDatabase } from '../persistence/identity.tables.js';
import { storeVerificationCode } from '../persistence/users.js';
import { identityErrors } from '../domain/identity.errors.js';
import { IdentityMail } from './identity-mail.js';
import { PasswordHasher } from './password-hasher.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';

/** Referral codes are drawn at random; a collision is rare, so a few draws always suffice. */
const REFERRAL_CODE_DRAWS = 5;

export interface MemberRegistered {
  userId: string;
  /** Ties the verify call to this signup. */
  ticket: VerificationTicket;
}

export class RegisterMember extends Command<MemberRegistered> {
  constructor(
    readonly signup: SignupRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(RegisterMember)
export class RegisterMemberHandler implements ICommandHandler<RegisterMember> {
  private readonly db: IdentityDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly rateLimits: RateLimits,
    private readonly passwords: PasswordHasher,
    private readonly events: IdentityEventLog,
    private readonly mail: IdentityMail,
    private readonly decoys: DecoyVerifications,
    private readonly signupDecoys: SignupDecoys,
  ) {
    this.db = identityDatabase(database);
  }

  async execute({ signup, context }: RegisterMember): Promise<MemberRegistered> {
    await this.rateLimits.signup(context.ip);
    if (newPasswordProblem(signup.password)) throw identityErrors.commonPassword('password');
    const referrerId = signup.referralCode ? await this.referrer(signup.referralCode) : null;

    // Hashed even when the address turns out to have an account: both answers take the same work.
    const passwordHash = await this.passwords.hash(signup.password);
    const userId = randomUUID();
    const code = newVerificationCode();
    const now = this.clock.now();
    const mail = await this.insertMember(signup, { userId, passwordHash, referrerId, code, now }, context);
    if (mail === 'email-taken') {
      // Answered as for a new address (the ticket names an account that does not exist), so the answer tells
      // nobody which addresses are registered (nor does verifying with it); the owner hears of it by mail.
      await this.decoys.issue(userId, now);
      const owner = await this.accountWithAddress(signup.email);
      await this.signupDecoys.remember(
        this.db,
        { email: signup.email, password: signup.password, decoyUserId: userId },
        owner,
        now,
      );
      await this.tellOwner(owner, context);
    } else {
      this.events.committed();
      await this.mail.enqueue(mail);
    }

    // The signup mail counts as the first send, so "resend" waits its minute like any other.
    await this.rateLimits.resend(userId);
    return { userId, ticket: issueVerificationTicket(userId, now, this.config.cookieSecret) };
  }

  /** The account holding an address, spelt in any case (a closed account holds none). */
  private accountWithAddress(email: string) {
    return this.db
      .selectFrom('users')
      .select(['email', 'first_name', 'role', 'status'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('status', '!=', 'closed')
      .executeTakeFirst();
  }

  /** Mails the owner of a registered address that someone tried to sign up with it, at most once an hour. */
  private async tellOwner(
    owner: { email: string | null; first_name: string; role: string } | undefined,
    context: RequestContext,
  ): Promise<void> {
    const address = owner?.email;
    if (!owner || !address || !(await this.rateLimits.maySendSignupNotice(address))) return;
    const audience = owner.role === 'member' ? 'member' : 'admin';
    const mail = await this.db
      .transaction()
      .execute((trx) =>
        this.mail.signupAttempted(trx, address, owner.first_name, audience, { requestId: context.requestId }),
      );
    await this.mail.enqueue(mail);
  }

  private async referrer(referralCode: string): Promise<string> {
    const referrer = await this.db
      .selectFrom('users')
      .select('id')
      .where('referral_code', '=', referralCode)
      .where('status', '!=', 'closed')
      .executeTakeFirst();
    if (!referrer) throw identityErrors.referralNotFound();
    return referrer.id;
  }

  private async insertMember(
    signup: SignupRequest,
    member: { userId: string; passwordHash: string; referrerId: string | null; code: string; now: Date },
    context: RequestContext,
  ): Promise<OutboxMail | 'email-taken'> {
    for (let draw = 1; ; draw++) {
      try {
        return await this.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('users')
            .values({
              id: member.userId,
              email: signup.email,
              first_name: signup.firstName,
              last_name: signup.lastName,
              phone: signup.phoneNumber,
              password_hash: member.passwordHash,
              role: 'member',
              status: 'unverified',
              referral_code: newReferralCode(),
              referred_by: member.referrerId,
              created_at: member.now,
            })
            .execute();
          await storeVerificationCode(trx, member.userId, member.code, member.now);
          await forgetSignupDecoy(trx, signup.email);
          const [eventId] = await this.events.record(
            trx,
            member.userId,
            [
              {
                type: 'UserRegistered',
                data: { userId: member.userId, role: 'member', referredBy: member.referrerId },
              },
            ],
            { actorId: member.userId, actorRole: 'member', requestId: context.requestId },
          );
          return this.mail.verificationCode(trx, signup.email, signup.firstName, member.code, {
            eventId,
            eventType: 'UserRegistered',
            requestId: context.requestId,
          });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_key')) return 'email-taken';
        if (isUniqueViolation(error, 'users_referral_code_key') && draw < REFERRAL_CODE_DRAWS) continue;
        throw error;
      }
    }
  }
}

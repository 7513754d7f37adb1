import { Inject, Injectable } from '@nestjs/common';
import type { AdminMessageRequest, MailJob, SecurityChange } from '@ledgerstone/contracts';
import type { IdentityEvent, SessionAudience } from '@ledgerstone/ledger';
import { LOCK_LINK_HOURS, lockLinkUrl, signLockLink } from '@ledgerstone/process-kit';
import type { Transaction } from 'kysely';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { MailOutbox, type OutboxMail } from '../../shared/infrastructure/mail-outbox.js';
import { VERIFICATION_CODE_MINUTES } from '../domain/verification-code.js';
import type { IdentityTransaction } from '../persistence/identity.tables.js';
import { findUserByEmail } from '../persistence/users.js';

export const PASSWORD_RESET_MINUTES = 30;

/** The pages of the SPA that mails link to, per audience. */
const PAGES: Record<
  SessionAudience,
  { login: string; resetPassword: string; forgotPassword: string; security: string }
> = {
  member: {
    login: '/login',
    resetPassword: '/reset-password',
    forgotPassword: '/forgot-password',
    security: '/dashboard/security',
  },
  admin: {
    login: '/admin-login',
    resetPassword: '/admin-reset-password',
    forgotPassword: '/admin-forgot-password',
    security: '/admin-dashboard/security',
  },
};

/** What caused an identity mail: an event (appended under a request), or a request that records no event. */
export type IdentityMailCause =
  { eventId: string; eventType: IdentityEvent['type']; requestId: string } | { requestId: string };

/**
 * Records identity mails in the mail outbox, in the transaction of the change that causes them, and queues them
 * once it has committed. Each job id is the id of the event or request that caused the mail, so a retried
 * request or job never sends it twice; the job's origin says which of the two it is.
 */
@Injectable()
export class IdentityMail {
  private readonly publicUrl: string;

  constructor(
    private readonly outbox: MailOutbox,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {
    this.publicUrl = config.publicUrl.replace(/\/+$/, '');
  }

  verificationCode<Tables>(
    trx: Transaction<Tables>,
    to: string,
    firstName: string,
    code: string,
    cause: IdentityMailCause,
  ): Promise<OutboxMail> {
    return this.record(
      trx,
      { template: 'verification-code', to, data: { firstName, code, minutes: VERIFICATION_CODE_MINUTES } },
      cause,
    );
  }

  passwordReset<Tables>(
    trx: Transaction<Tables>,
    to: string,
    firstName: string,
    token: string,
    audience: SessionAudience,
    cause: IdentityMailCause,
  ): Promise<OutboxMail> {
    const resetUrl = `${this.publicUrl}${PAGES[audience].resetPassword}/${token}`;
    return this.record(
      trx,
      { template: 'password-reset', to, data: { firstName, resetUrl, minutes: PASSWORD_RESET_MINUTES } },
      cause,
    );
  }

  /** A member's notice carries a lock link for the change: a stolen password's new owner must not go unnoticed. */
  async passwordChanged<Tables>(
    trx: Transaction<Tables>,
    to: string,
    firstName: string,
    changedAt: Date,
    audience: SessionAudience,
    cause: IdentityMailCause,
  ): Promise<OutboxMail> {
    const forgotPasswordUrl = `${this.publicUrl}${PAGES[audience].forgotPassword}`;
    const lockUrl =
      audience === 'member' && 'eventId' in cause
        ? await this.lockUrl(trx as unknown as IdentityTransaction, to, cause.eventId, changedAt)
        : undefined;
    return this.record(
      trx,
      {
        template: 'password-changed',
        to,
        data: {
          firstName,
          changedAt: changedAt.toISOString(),
          forgotPasswordUrl,
          ...(lockUrl && { lockUrl }),
        },
      },
      cause,
    );
  }

  /** To the owner of an address someone tried to sign up with; the signup itself was answered as for a new one. */
  signupAttempted<Tables>(
    trx: Transaction<Tables>,
    to: string,
    firstName: string,
    audience: SessionAudience,
    cause: IdentityMailCause,
  ): Promise<OutboxMail> {
    const pages = PAGES[audience];
    return this.record(
      trx,
      {
        template: 'signup-attempted',
        to,
        data: {
          firstName,
          loginUrl: `${this.publicUrl}${pages.login}`,
          forgotPasswordUrl: `${this.publicUrl}${pages.forgotPassword}`,
        },
      },
      cause,
    );
  }

  adminMessage<Tables>(
    trx: Transaction<Tables>,
    to: string,
    firstName: string,
    message: AdminMessageRequest,
    cause: IdentityMailCause,
  ): Promise<OutboxMail> {
    return this.record(
      trx,
      { template: 'admin-message', to, data: { firstName, subject: message.subject, body: message.message } },
      cause,
    );
  }

  /**
   * What changed in how the account signs in, when and from where (the request's device and address). A member's
   * mail caused by an event carries a "This wasn't me: lock my account" link for that event, for 24 hours; staff
   * have no account to lock.
   */
  async securityChange(
    trx: IdentityTransaction,
    to: string,
    firstName: string,
    change: {
      kind: SecurityChange;
      passkeyName: string | null;
      at: Date;
      device: string | null;
      ip: string | null;
      changedBy: 'user' | 'admin';
    },
    audience: SessionAudience,
    cause: IdentityMailCause,
  ): Promise<OutboxMail> {
    const lockUrl =
      audience === 'member' && 'eventId' in cause
        ? await this.lockUrl(trx, to, cause.eventId, change.at)
        : undefined;
    return this.record(
      trx,
      {
        template: 'security-change',
        to,
        data: {
          firstName,
          change: change.kind,
          passkeyName: change.passkeyName,
          changedAt: change.at.toISOString(),
          device: change.device,
          ip: change.ip,
          changedBy: change.changedBy,
          securityUrl: `${this.publicUrl}${PAGES[audience].security}`,
          ...(lockUrl && { lockUrl }),
        },
      },
      cause,
    );
  }

  /** Queues a recorded mail; call it after the commit. */
  enqueue(mail: OutboxMail): Promise<void> {
    return this.outbox.enqueue(mail);
  }

  /** The link of the mail the event `linkId` causes, signed for the member the mail goes to. */
  private async lockUrl(
    trx: IdentityTransaction,
    to: string,
    linkId: string,
    at: Date,
  ): Promise<string | undefined> {
    // The mail goes to the member's address as the change's own transaction reads it, which names one member.
    const member = await findUserByEmail(trx, to, 'member');
    if (!member) return undefined;
    const token = signLockLink(this.config.accountLinkKey, {
      userId: member.id,
      linkId,
      expiresAt: new Date(at.getTime() + LOCK_LINK_HOURS * 3_600_000),
    });
    return lockLinkUrl(this.config.publicUrl, token);
  }

  private record<Tables>(
    trx: Transaction<Tables>,
    job: MailJob,
    cause: IdentityMailCause,
  ): Promise<OutboxMail> {
    const jobId = 'eventId' in cause ? cause.eventId : cause.requestId;
    return this.outbox.record(trx, jobId, { ...job, origin: cause });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { AdminMessageRequest, MailJob, SecurityChange } from '@ledgerstone/contracts';
import type { IdentityEvent, SessionAudience } from '@ledgerstone/ledger';
import type { Transaction } from 'kysely';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { MailOutbox, type OutboxMail } from '../../shared/infrastructure/mail-outbox.js';
import { VERIFICATION_CODE_MINUTES } from '../domain/verification-code.js';

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
    @Inject(API_CONFIG) config: ApiConfig,
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

  passwordChanged<Tables>(
    trx: Transaction<Tables>,
    to: string,
    firstName: string,
    changedAt: Date,
    audience: SessionAudience,
    cause: IdentityMailCause,
  ): Promise<OutboxMail> {
    const forgotPasswordUrl = `${this.publicUrl}${PAGES[audience].forgotPassword}`;
    return this.record(
      trx,
      {
        template: 'password-changed',
        to,
        data: { firstName, changedAt: changedAt.toISOString(), forgotPasswordUrl },
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

  /** What changed in how the account signs in, when and from where (the request's device and address). */
  securityChange<Tables>(
    trx: Transaction<Tables>,
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
        },
      },
      cause,
    );
  }

  /** Queues a recorded mail; call it after the commit. */
  enqueue(mail: OutboxMail): Promise<void> {
    return this.outbox.enqueue(mail);
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

import { Inject, Injectable } from '@nestjs/common';
import type { AdminMessageRequest, MailJob } from '@ledgerstone/contracts';
import type { SessionAudience } from '@ledgerstone/ledger';
import type { ApiConfig } from '../../config.js';
import { API_CONFIG, MAIL_QUEUE, type MailQueue } from '../../infrastructure/infrastructure.tokens.js';
import { VERIFICATION_CODE_MINUTES } from '../domain/verification-code.js';

export const PASSWORD_RESET_MINUTES = 30;

/** The pages of the SPA that mails link to, per audience. */
const PAGES: Record<SessionAudience, { resetPassword: string; forgotPassword: string }> = {
  member: { resetPassword: '/reset-password', forgotPassword: '/forgot-password' },
  admin: { resetPassword: '/admin-reset-password', forgotPassword: '/admin-forgot-password' },
};

/**
 * Puts identity mails on the mail queue. Each job id is the id of the event or request that caused the mail,
 * so a retried request or job never sends it twice; attempts and backoff are the queue's defaults.
 */
@Injectable()
export class IdentityMail {
  private readonly publicUrl: string;

  constructor(
    @Inject(MAIL_QUEUE) private readonly queue: MailQueue,
    @Inject(API_CONFIG) config: ApiConfig,
  ) {
    this.publicUrl = config.publicUrl.replace(/\/+$/, '');
  }

  verificationCode(to: string, firstName: string, code: string, jobId: string): Promise<void> {
    return this.send(
      { template: 'verification-code', to, data: { firstName, code, minutes: VERIFICATION_CODE_MINUTES } },
      jobId,
    );
  }

  passwordReset(
    to: string,
    firstName: string,
    token: string,
    audience: SessionAudience,
    jobId: string,
  ): Promise<void> {
    const resetUrl = `${this.publicUrl}${PAGES[audience].resetPassword}/${token}`;
    return this.send(
      { template: 'password-reset', to, data: { firstName, resetUrl, minutes: PASSWORD_RESET_MINUTES } },
      jobId,
    );
  }

  passwordChanged(
    to: string,
    firstName: string,
    changedAt: Date,
    audience: SessionAudience,
    jobId: string,
  ): Promise<void> {
    const forgotPasswordUrl = `${this.publicUrl}${PAGES[audience].forgotPassword}`;
    return this.send(
      {
        template: 'password-changed',
        to,
        data: { firstName, changedAt: changedAt.toISOString(), forgotPasswordUrl },
      },
      jobId,
    );
  }

  adminMessage(to: string, firstName: string, message: AdminMessageRequest, jobId: string): Promise<void> {
    return this.send(
      { template: 'admin-message', to, data: { firstName, subject: message.subject, body: message.message } },
      jobId,
    );
  }

  private async send(job: MailJob, jobId: string): Promise<void> {
    await this.queue.add(job.template, job, { jobId });
  }
}

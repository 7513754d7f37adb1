import { UnrecoverableError, type Job } from 'bullmq';
import type { Transporter } from 'nodemailer';
import { withoutMailSecrets } from '@ledgerstone/contracts';
import { InvalidMailJob, renderMail, type OutgoingMail } from './templates/registry.js';

export interface SentMail {
  messageId: string;
}

/**
 * The mail's Message-ID, named after its job (the event id for account mail), so a job sent again after a
 * crash between the SMTP server's acceptance and the job's completion carries the same Message-ID, which
 * receiving servers and mail clients treat as the same message.
 */
export function messageIdOf(jobId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'ledgerstone.local';
  return `<${jobId}@${domain}>`;
}

/**
 * Renders and sends one mail job. A job that can never be rendered fails at once instead of spending its
 * retries; SMTP failures are thrown as they are so BullMQ retries them with backoff.
 */
export function createMailProcessor(transport: Pick<Transporter, 'sendMail'>, from: string) {
  return async (job: Job<unknown, SentMail>): Promise<SentMail> => {
    let mail: OutgoingMail;
    try {
      mail = renderMail(job.data);
    } catch (error) {
      if (error instanceof InvalidMailJob) throw new UnrecoverableError(error.message);
      throw error;
    }
    const info = await transport.sendMail({ from, ...mail, messageId: messageIdOf(job.id!, from) });
    await forgetMailSecrets(job);
    return { messageId: info.messageId };
  };
}

/**
 * Replaces the code or reset link in the job Redis keeps (a week when sent, until deleted when failed) once it
 * is of no more use to the job. Best effort: the mail is sent, and must not be sent again because this failed.
 */
export async function forgetMailSecrets(job: Job): Promise<void> {
  const { data } = (job.data ?? {}) as { data?: unknown };
  if (typeof data !== 'object' || data === null) return;
  const kept = withoutMailSecrets(data);
  if (kept !== data) await job.updateData({ ...(job.data as object), data: kept }).catch(() => undefined);
}

import { z } from 'zod';

/** The BullMQ queue the api and the projector put mail jobs on and the mailer works off. */
export const MAIL_QUEUE = 'mail';

/**
 * Defaults every producer of mail jobs uses: five attempts spread over about two and a half minutes
 * (5 s, 10 s, 20 s, 40 s, 80 s), so a short SMTP outage only delays mail; failed jobs stay in Redis for
 * inspection; completed ones are kept a week for support questions.
 */
export const mailJobOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  removeOnComplete: { age: 7 * 24 * 60 * 60, count: 10_000 },
  removeOnFail: false,
} as const;

/** The data each mail template needs, by template name. */
export const mailTemplateData = {
  'verification-code': z.object({
    firstName: z.string().min(1),
    code: z.string().regex(/^\d{6}$/),
    minutes: z.number().int().positive(),
  }),
  'password-reset': z.object({
    firstName: z.string().min(1),
    resetUrl: z.url({ protocol: /^https?$/ }),
    minutes: z.number().int().positive(),
  }),
  'password-changed': z.object({
    firstName: z.string().min(1),
    changedAt: z.iso.datetime(),
    forgotPasswordUrl: z.url({ protocol: /^https?$/ }),
  }),
} as const;

export type MailTemplateName = keyof typeof mailTemplateData;
export type MailTemplateData<T extends MailTemplateName> = z.infer<(typeof mailTemplateData)[T]>;

/** A mail job as producers enqueue it. */
export type MailJob = {
  [T in MailTemplateName]: { template: T; to: string; data: MailTemplateData<T> };
}[MailTemplateName];

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplateData, name);
}

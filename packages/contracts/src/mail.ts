import { z } from 'zod';
import { ADMIN_MESSAGE_BODY_MAX, ADMIN_MESSAGE_SUBJECT_MAX } from './identity.js';
import { maskedWalletAddress, payoutWalletFields } from './wallets.js';

/** The BullMQ queue the api and the projector put mail jobs on and the mailer works off. */
export const MAIL_QUEUE = 'mail';

/**
 * The retry schedule of mail jobs, computed by the mailer: MAIL_BACKOFF_MS (5 s by default) doubled at each
 * attempt. The worker owns the timing so operators (and tests) set it in one place.
 */
export const MAIL_BACKOFF = 'mail-backoff';

/**
 * Defaults every producer of mail jobs uses: five attempts spread over about two and a half minutes
 * (5 s, 10 s, 20 s, 40 s, 80 s by default), so a short SMTP outage only delays mail; failed jobs stay in Redis
 * for inspection; completed ones are kept a week for support questions.
 */
export const mailJobOptions = {
  attempts: 5,
  backoff: { type: MAIL_BACKOFF },
  removeOnComplete: { age: 7 * 24 * 60 * 60, count: 10_000 },
  removeOnFail: false,
} as const;

/** An amount as the API writes it ("1500.00", "-25.00"); the template formats it for people. */
const mailAmount = z.string().regex(/^-?\d+\.\d{2}$/);
const mailReason = z.string().min(1).max(500);

/** The security changes a `security-change` mail names. */
export const securityChanges = [
  'totp-enabled',
  'totp-disabled',
  'passkey-added',
  'passkey-renamed',
  'passkey-removed',
  'recovery-codes-generated',
  'recovery-code-used',
  'sessions-signed-out',
  'new-device-sign-in',
  'second-factors-reset',
  'email-changed',
] as const;
export type SecurityChange = (typeof securityChanges)[number];

/** The data each mail template needs, by template name. */
/** "This wasn't me: lock my account": optional only because jobs queued before the link existed have none. */
const lockUrl = z.url({ protocol: /^https?$/ });

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
    lockUrl: lockUrl.optional(),
  }),
  /** To the owner of an address someone tried to sign up with: the signup was answered as for a new address. */
  'signup-attempted': z.object({
    firstName: z.string().min(1),
    loginUrl: z.url({ protocol: /^https?$/ }),
    forgotPasswordUrl: z.url({ protocol: /^https?$/ }),
  }),
  'admin-message': z.object({
    firstName: z.string().min(1),
    subject: z
      .string()
      .min(1)
      .max(ADMIN_MESSAGE_SUBJECT_MAX)
      .regex(/^[^\r\n]*$/, 'must be a single line'),
    body: z.string().min(1).max(ADMIN_MESSAGE_BODY_MAX),
  }),
  'deposit-received': z.object({
    firstName: z.string().min(1),
    amount: mailAmount,
    planName: z.string().min(1),
  }),
  'deposit-confirmed': z.object({ firstName: z.string().min(1), amount: mailAmount }),
  'deposit-rejected': z.object({ firstName: z.string().min(1), amount: mailAmount, reason: mailReason }),
  'withdrawal-requested': z.object({
    firstName: z.string().min(1),
    amount: mailAmount,
    lockUrl: lockUrl.optional(),
  }),
  'withdrawal-paid': z.object({
    firstName: z.string().min(1),
    amount: mailAmount,
    payoutReference: z.string().min(1).nullable(),
  }),
  'withdrawal-rejected': z.object({ firstName: z.string().min(1), amount: mailAmount, reason: mailReason }),
  'balance-adjusted': z.object({
    firstName: z.string().min(1),
    amount: mailAmount,
    bucket: z.enum(['available', 'invested', 'profit']),
    reason: mailReason,
  }),
  'investment-matured': z.object({
    firstName: z.string().min(1),
    principal: mailAmount,
    profit: mailAmount,
  }),
  /** Only masked addresses: a mail can be read by others than the member. */
  'payout-wallets-changed': z.object({
    firstName: z.string().min(1),
    changedAt: z.iso.datetime(),
    changes: z
      .array(z.object({ wallet: z.enum(payoutWalletFields), address: maskedWalletAddress.nullable() }))
      .min(1),
    /** When the new addresses can receive withdrawals; null when the change only removed addresses. */
    usableFrom: z.iso.datetime().nullable().optional(),
    walletsUrl: z.url({ protocol: /^https?$/ }),
    lockUrl: lockUrl.optional(),
  }),
  /** A change to how the account signs in, from where it was made; never a secret, code or address in full. */
  'security-change': z.object({
    firstName: z.string().min(1),
    change: z.enum(securityChanges),
    /** The passkey's name, for the passkey changes. */
    passkeyName: z.string().min(1).max(200).nullable(),
    changedAt: z.iso.datetime(),
    /**
     * "Chrome on macOS", from the user agent of the request that made the change; with its address, null for a
     * change made by staff (whose device and address the user is not told).
     */
    device: z.string().min(1).max(200).nullable(),
    ip: z.string().min(1).max(100).nullable(),
    /** Who made the change, by role only; absent or `user` for the user themself. */
    changedBy: z.enum(['user', 'admin']).optional(),
    securityUrl: z.url({ protocol: /^https?$/ }),
    lockUrl: lockUrl.optional(),
  }),
} as const;

export type MailTemplateName = keyof typeof mailTemplateData;
export type MailTemplateData<T extends MailTemplateName> = z.infer<(typeof mailTemplateData)[T]>;

/**
 * What made the platform send a mail: the event that caused it (with the request that appended the event), or,
 * for mails no event records (a login's verification code, a reset link), the request alone. The job id is the
 * event id, else the request id; the origin says which, so the queue board can lead back to the audit trail.
 */
export const mailOrigin = z.object({
  eventId: z.uuid().optional(),
  eventType: z.string().min(1).optional(),
  requestId: z.string().min(1).optional(),
});
export type MailOrigin = z.infer<typeof mailOrigin>;

/**
 * A mail job as producers enqueue it. Every producer sets `origin`; jobs queued before it existed have none, so
 * readers treat it as optional.
 */
export type MailJob = {
  [T in MailTemplateName]: { template: T; to: string; data: MailTemplateData<T>; origin?: MailOrigin };
}[MailTemplateName];

export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplateData, name);
}

/**
 * Mail data that opens an account: a verification code, a password-reset link. Once the mail is sent (or on the
 * queue, for the outbox's copy) it is kept nowhere but in the mail itself: the stores keep `[sent]` in its place.
 */
export const MAIL_SECRET_FIELDS = ['code', 'resetUrl'] as const;
export const SENT_SECRET = '[sent]';

/** The mail's data with its secrets replaced; the same object when it has none. */
export function withoutMailSecrets<D extends object>(data: D): D {
  if (!MAIL_SECRET_FIELDS.some((field) => Object.hasOwn(data, field))) return data;
  const kept = { ...data } as Record<string, unknown>;
  for (const field of MAIL_SECRET_FIELDS) if (Object.hasOwn(kept, field)) kept[field] = SENT_SECRET;
  return kept as D;
}

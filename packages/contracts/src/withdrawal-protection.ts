import { z } from 'zod';
import { amountSchema, reasonSchema } from './accounts.js';
import { text } from './text.js';
import { payoutWalletFields } from './wallets.js';

const money = z.string().regex(/^\d+\.\d{2}$/);
const timestamp = z.string().describe('ISO 8601, UTC');

const limitUse = z.object({
  limit: money,
  /** Pending and paid withdrawals asked for inside the window; rejected ones give their amount back. */
  used: money,
  /** What may still be withdrawn in this window now. */
  left: money,
});

/** A payout address of the member's address book and when withdrawals may go to it. */
export const addressBookEntry = z.object({
  wallet: z.enum(payoutWalletFields),
  address: z.string().nullable().describe('Null once the account is closed and the address erased'),
  saved_at: timestamp,
  usable_from: timestamp,
  usable: z.boolean(),
});

/**
 * What protects the member's withdrawals right now: the address book with each address's usable-from time, the
 * hold after a security change, the lock, the rolling limits and the withdrawals awaiting review. The member sees their own, staff any member's.
 */
export const withdrawalProtection = z.object({
  addresses: z.array(addressBookEntry),
  hold: z
    .object({
      cause: z.enum([
        'password-changed',
        'password-reset',
        'email-changed',
        'second-factor-removed',
        'second-factors-reset-by-admin',
      ]),
      started_at: timestamp,
      until: timestamp,
    })
    .nullable()
    .describe('Only while it lasts'),
  lock: z
    .object({ locked_by: z.enum(['member', 'admin']), reason: z.string(), locked_at: timestamp })
    .nullable(),
  limits: z.object({
    /** True when an admin set the member's own limits; false for the platform's defaults. */
    own: z.boolean(),
    daily: limitUse,
    thirty_days: limitUse,
  }),
  cooling_hours: z.number().int(),
  awaiting_review: z
    .object({ count: z.number().int(), most: z.number().int() })
    .describe(
      'Withdrawals waiting for an admin, and how many may wait at once: one more is refused at the most',
    ),
});
export type WithdrawalProtection = z.infer<typeof withdrawalProtection>;

/** An admin sets a member's own withdrawal limits, with a reason recorded in the account's history. */
export const setWithdrawalLimitsRequest = z.object({
  daily: amountSchema,
  thirty_days: amountSchema,
  reason: reasonSchema,
});
export type SetWithdrawalLimitsRequest = z.infer<typeof setWithdrawalLimitsRequest>;

/** Only an admin lifts a lock, with a reason. */
export const unlockAccountRequest = z.object({ reason: reasonSchema });
export type UnlockAccountRequest = z.infer<typeof unlockAccountRequest>;

/** "This wasn't me": the token of the link in the mail. */
export const lockAccountRequest = z.object({
  token: text({ label: 'Link', max: 2000, error: 'This link is not valid. Open it from the e-mail again.' }),
});
export type LockAccountRequest = z.infer<typeof lockAccountRequest>;

export const lockMessages = {
  locked:
    'Your account is locked: no withdrawal or change of payout address can be made, and every session has ended. Reset your password now; an admin will lift the lock once you have contacted us.',
  linkInvalid: 'This link is not valid. Open it from the e-mail again.',
  linkExpired: 'This link has expired. If you did not make the change, reset your password and contact us.',
  linkUsed: 'This link was used already.',
} as const;

import { z } from 'zod';
import { accountMessages } from './account-messages.js';
import { emailSchema } from './identity.js';
import { sealedPosition } from './read-models.js';
import { requiredMessage, text } from './text.js';
import { stepUpFactor } from './two-factor.js';
import { WALLET_ADDRESS_REQUIRED } from './wallet-address.js';

export const PROOF_MAX_BYTES = 10 * 1024 * 1024;
export const REASON_MIN = 3;
export const REASON_MAX = 500;

/** An amount as the text a form holds: digits, and at most two decimal places. */
export const amountTextSchema = z
  .string({ error: accountMessages.invalidAmount })
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, accountMessages.invalidAmount);

/** The same amount in a request, where a number is read as its decimal text. */
export const amountSchema = z
  .union([z.string(), z.number()], { error: accountMessages.invalidAmount })
  .transform((amount) => String(amount))
  .pipe(amountTextSchema);

/** Bucket figures in the admin form: zero or more, at most two places. */
const figureSchema = amountSchema;

/** A staff member's reason, recorded with what they did and shown to the member where it concerns them. */
export const reasonSchema = text({
  label: 'Reason',
  max: REASON_MAX,
  multiline: true,
  tooLong: accountMessages.invalidReason,
  error: accountMessages.invalidReason,
}).min(REASON_MIN, accountMessages.invalidReason);

/** Visible ASCII only: what a chain's explorer shows (hex, base58, base64, a link), nothing that hides. */
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;

/**
 * A reference to a transaction on a chain (the member's transaction hash, the admin's payout reference), shown
 * to staff who look it up: refused with invisible or look-alike characters (a zero-width space, a right-to-left
 * mark, a Cyrillic letter), which would show staff another reference than the one kept.
 */
const optionalChainReference = (label: string, max: number) =>
  text({ label, max, tooLong: `At most ${max} characters` })
    .regex(VISIBLE_ASCII, `${label} may hold only letters, digits and punctuation, without spaces`)
    .optional()
    .transform((given) => (given ? given : null));

/** The proof's file name as the browser sent it, kept beside the proof. */
export const proofFileName = text({ label: "The proof of payment's file name", max: 255 });

/** The deposit form's text fields (multipart; the proof file comes as `payment_proof`). */
export const depositRequest = z.object({
  plan: z.guid({ error: accountMessages.choosePlan }),
  amount: amountSchema,
  payment_method: z.guid({ error: accountMessages.choosePaymentMethod }),
  transaction_hash: optionalChainReference('Transaction hash', 200),
});
export type DepositRequest = z.infer<typeof depositRequest>;

export const withdrawalSources = ['balance', 'profit'] as const;

export const withdrawalRequest = z.object({
  source: z.enum(withdrawalSources, { error: 'Choose balance or profit' }).default('balance'),
  amount: amountSchema,
  /** The method's id or its name ("BITCOIN"). */
  payment_method: text({
    label: 'Payment method',
    max: 100,
    tooLong: accountMessages.choosePaymentMethod,
    error: accountMessages.choosePaymentMethod,
  }).min(1, accountMessages.choosePaymentMethod),
  wallet_address: text({ label: 'Wallet address', max: 200, tooLong: 'Wallet address is too long' }).min(
    1,
    WALLET_ADDRESS_REQUIRED,
  ),
  /** Asked for once the member has two-step verification on (see two-factor.ts). */
  secondFactor: stepUpFactor.optional(),
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequest>;

export const rejectRequest = z.object({ reason: reasonSchema });
export type RejectRequest = z.infer<typeof rejectRequest>;

export const payWithdrawalRequest = z.object({
  payoutReference: optionalChainReference('Payout reference', 200),
});
export type PayWithdrawalRequest = z.infer<typeof payWithdrawalRequest>;

export const adjustableFigures = ['available', 'invested', 'profit'] as const;
export type AdjustableFigure = (typeof adjustableFigures)[number];

/** One figure of the admin form: the figure it showed and the figure the admin typed. */
const figureChange = z.object(
  { shown: figureSchema, target: figureSchema },
  { error: 'Send the figure as { shown, target }' },
);
export type FigureChange = z.infer<typeof figureChange>;

/**
 * The admin's Edit User Details amounts: the figures the admin changed, each with the figure the form showed,
 * and the account version those figures were read at. A figure left out (or sent as shown) moves nothing; a
 * shown figure or version the account no longer has is refused with 409.
 */
/** Strict: a figure the form cannot set (`reserved`, a typo) is refused by name, not dropped as no change. */
export const adjustBalancesRequest = z.strictObject({
  available: figureChange.optional(),
  invested: figureChange.optional(),
  profit: figureChange.optional(),
  reason: reasonSchema,
  // An account's version is a stream position, which the approvals table keeps as a PostgreSQL integer.
  version: z
    .number({ error: 'Reload the user and try again' })
    .int('Reload the user and try again')
    .min(0, 'Reload the user and try again')
    .max(2_147_483_647, 'Reload the user and try again'),
});
export type AdjustBalancesRequest = z.infer<typeof adjustBalancesRequest>;

const FIGURE = /^(\d+)(?:\.(\d{1,2}))?$/;

function figureCents(text: string): bigint | undefined {
  const match = FIGURE.exec(text.trim());
  return match ? BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : undefined;
}

/**
 * What the admin form sends for its figures: only those the admin changed ("1500" for "1500.00" is no change),
 * each with the figure the form showed. A figure that is not an amount counts as changed, so its error shows.
 */
export function changedFigures(
  shown: Record<AdjustableFigure, string>,
  typed: Record<AdjustableFigure, string>,
): Partial<Record<AdjustableFigure, FigureChange>> {
  const changed: Partial<Record<AdjustableFigure, FigureChange>> = {};
  for (const figure of adjustableFigures) {
    const target = figureCents(typed[figure]);
    if (target === undefined || target !== figureCents(shown[figure])) {
      changed[figure] = { shown: shown[figure], target: typed[figure] };
    }
  }
  return changed;
}

const nameSchema = (label: string) => text({ label, max: 100 }).min(1, requiredMessage(label));

export const updateUserRequest = z.object({
  first_name: nameSchema('First name'),
  last_name: nameSchema('Last name'),
  email: emailSchema,
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

/** The log position of the command's events: `?after=` on the next query waits for the projections to pass it. */
export const commandResponse = z.object({ message: z.string(), position: sealedPosition });
export type CommandResponse = z.infer<typeof commandResponse>;

export const depositResponse = commandResponse.extend({
  depositId: z.uuid(),
  status: z.literal('pending'),
});
export type DepositResponse = z.infer<typeof depositResponse>;

export const withdrawalResponse = commandResponse.extend({
  withdrawalId: z.uuid(),
  status: z.literal('pending'),
});
export type WithdrawalResponse = z.infer<typeof withdrawalResponse>;

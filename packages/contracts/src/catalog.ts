import { z } from 'zod';
import { accountMessages } from './account-messages.js';
import { sealedPosition } from './read-models.js';
import { requiredMessage, text } from './text.js';
import {
  validateWalletAddress,
  WALLET_ADDRESS_MAX,
  WALLET_ADDRESS_REQUIRED,
  walletNetworkSchema,
} from './wallet-address.js';

export const planKinds = ['crypto', 'real_estate'] as const;
export const planKindSchema = z.enum(planKinds, { error: 'Choose crypto or real_estate' });
export type PlanKind = z.infer<typeof planKindSchema>;

export const PLAN_NAME_MAX = 60;
export const PAYMENT_METHOD_NAME_MAX = 40;
export const PLAN_TERM_DAYS_MAX = 3650;
/** One trillion dollars, in cents: the ledger's largest amount. */
const MAX_CENTS = 100_000_000_000_000n;

export const catalogMessages = {
  invalidAmount: accountMessages.invalidAmount,
  minAboveMax: 'The maximum deposit must be at least the minimum deposit.',
  invalidPercentage: 'Enter a percentage above 0 with at most 2 decimals, e.g. "50" or "12.5"',
  nothingToChange: 'Send at least one field to change',
} as const;

const name = (label: string, max: number) => text({ label, max }).min(1, requiredMessage(label));

const AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** A positive decimal amount of dollars ("1000", "1000.50") to cents. */
const amountSchema = z
  .string({ error: catalogMessages.invalidAmount })
  .trim()
  .transform((text, ctx) => {
    const match = AMOUNT.exec(text);
    const cents = match ? BigInt(match[1] ?? '') * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : 0n;
    if (cents > 0n && cents <= MAX_CENTS) return cents;
    ctx.addIssue({ code: 'custom', message: catalogMessages.invalidAmount });
    return z.NEVER;
  });

const PERCENTAGE = /^(\d{1,5})(?:\.(\d{1,2}))?$/;

/** The plan's stated return over its term, as written: "50", "12.5" (no trailing zeros, no leading ones). */
const percentageSchema = z
  .string({ error: catalogMessages.invalidPercentage })
  .trim()
  .transform((text, ctx) => {
    const match = PERCENTAGE.exec(text);
    const whole = BigInt(match?.[1] ?? '0').toString();
    const fraction = (match?.[2] ?? '').replace(/0+$/, '');
    if (match && (whole !== '0' || fraction !== '')) return fraction ? `${whole}.${fraction}` : whole;
    ctx.addIssue({ code: 'custom', message: catalogMessages.invalidPercentage });
    return z.NEVER;
  });

const termDaysSchema = z
  .number({ error: 'Term in days is required' })
  .int('Term in days must be a whole number')
  .min(1, 'Term in days must be at least 1')
  .max(PLAN_TERM_DAYS_MAX, `Term in days must be at most ${PLAN_TERM_DAYS_MAX}`);

const displayOrderSchema = z
  .number({ error: 'Display order must be a number' })
  .int('Display order must be a whole number')
  .min(0, 'Display order must be 0 or more')
  .max(10_000, 'Display order must be at most 10000');

function minNotAboveMax(
  plan: { minAmount?: bigint; maxAmount?: bigint },
  ctx: z.RefinementCtx<{ minAmount?: bigint; maxAmount?: bigint }>,
): void {
  if (plan.minAmount !== undefined && plan.maxAmount !== undefined && plan.minAmount > plan.maxAmount) {
    ctx.addIssue({ code: 'custom', path: ['maxAmount'], message: catalogMessages.minAboveMax });
  }
}

const planTerms = {
  name: name('Plan name', PLAN_NAME_MAX),
  percentage: percentageSchema,
  termDays: termDaysSchema,
  minAmount: amountSchema,
  maxAmount: amountSchema,
};

/** Amounts are decimal dollar strings and parse to cents. */
export const createPlanRequest = z
  .object({ ...planTerms, kind: planKindSchema, active: z.boolean().default(true) })
  .superRefine(minNotAboveMax);
export type CreatePlanRequest = z.infer<typeof createPlanRequest>;

/** Any of the terms (a change of terms makes a new version) and the active flag; the kind stays. */
export const updatePlanRequest = z
  .object({ ...planTerms, active: z.boolean() })
  .partial()
  .superRefine(minNotAboveMax)
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: catalogMessages.nothingToChange,
  });
export type UpdatePlanRequest = z.infer<typeof updatePlanRequest>;

export const planListQuery = z.object({ kind: planKindSchema.optional() });
export type PlanListQuery = z.infer<typeof planListQuery>;

function addressFitsNetwork(
  method: { network?: z.infer<typeof walletNetworkSchema>; address?: string },
  ctx: z.RefinementCtx<{ network?: z.infer<typeof walletNetworkSchema>; address?: string }>,
): void {
  if (method.network === undefined || method.address === undefined) return;
  const result = validateWalletAddress(method.network, method.address);
  if (!result.ok) ctx.addIssue({ code: 'custom', path: ['address'], message: result.message });
}

const paymentMethodFields = {
  name: name('Name', PAYMENT_METHOD_NAME_MAX),
  network: walletNetworkSchema,
  address: text({ label: 'Wallet address', max: WALLET_ADDRESS_MAX }).min(1, WALLET_ADDRESS_REQUIRED),
  active: z.boolean(),
  displayOrder: displayOrderSchema,
};

/** The address is checked for the network; without a display order the method goes last. */
export const createPaymentMethodRequest = z
  .object({
    ...paymentMethodFields,
    active: paymentMethodFields.active.default(true),
    displayOrder: paymentMethodFields.displayOrder.optional(),
  })
  .superRefine(addressFitsNetwork);
export type CreatePaymentMethodRequest = z.infer<typeof createPaymentMethodRequest>;

/** A new address or network is checked against the other, as stored or as sent. */
export const updatePaymentMethodRequest = z
  .object(paymentMethodFields)
  .partial()
  .superRefine(addressFitsNetwork)
  .refine((change) => Object.values(change).some((value) => value !== undefined), {
    message: catalogMessages.nothingToChange,
  });
export type UpdatePaymentMethodRequest = z.infer<typeof updatePaymentMethodRequest>;

const money = z.string().describe('Decimal dollars, "1000.00"');
/** The change's event's log position, sealed; pass it as `?after=` to read your own write. */
const position = sealedPosition.describe(
  'Log position of the recorded change, sealed; absent when nothing changed',
);

export const planResponse = z.object({
  id: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  kind: planKindSchema,
  percentage: z.string().describe('The plan\'s stated return over its term, in percent ("50")'),
  termDays: z.number().int(),
  minAmount: money,
  maxAmount: money,
  active: z.boolean(),
});
export type PlanResponse = z.infer<typeof planResponse>;

export const planListResponse = z.object({ plans: z.array(planResponse) });
export type PlanListResponse = z.infer<typeof planListResponse>;

export const planChangeResponse = planResponse.extend({ position: position.optional() });
export type PlanChangeResponse = z.infer<typeof planChangeResponse>;

export const paymentMethodResponse = z.object({
  id: z.uuid(),
  name: z.string(),
  network: walletNetworkSchema,
  address: z.string(),
  active: z.boolean(),
  displayOrder: z.number().int(),
});
export type PaymentMethodResponse = z.infer<typeof paymentMethodResponse>;

export const paymentMethodListResponse = z.object({ paymentMethods: z.array(paymentMethodResponse) });
export type PaymentMethodListResponse = z.infer<typeof paymentMethodListResponse>;

export const paymentMethodChangeResponse = paymentMethodResponse.extend({ position: position.optional() });
export type PaymentMethodChangeResponse = z.infer<typeof paymentMethodChangeResponse>;

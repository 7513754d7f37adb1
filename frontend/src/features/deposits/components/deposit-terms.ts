import type { PlanResponse } from '@ledgerstone/contracts';
import { z } from 'zod';

/** What the plans page hands to the payment confirmation, as navigation state. */
export const depositSelection = z.object({
  planId: z.string().min(1),
  paymentMethodId: z.string().min(1),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
});
export type DepositSelection = z.infer<typeof depositSelection>;

const DOLLARS = /^(\d+)(?:\.(\d{1,2}))?$/;

/** A decimal dollar string ("1500", "1500.5") to cents; undefined when it is not one. */
export function toCents(amount: string): bigint | undefined {
  const match = DOLLARS.exec(amount.trim());
  if (!match) return undefined;
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** The plan's stated return for its term: "50% over 30 days". */
export function planReturn(plan: Pick<PlanResponse, 'percentage' | 'termDays'>): string {
  return `${plan.percentage}% over ${plan.termDays} ${plan.termDays === 1 ? 'day' : 'days'}`;
}

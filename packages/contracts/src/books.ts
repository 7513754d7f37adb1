import { z } from 'zod';
import { logPositionParameter } from './read-models.js';
import { momentParameter } from './statement.js';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const timestamp = z.string().describe('ISO 8601, UTC');

export const ledgerAccountKinds = ['asset', 'liability', 'equity', 'expense'] as const;

/** `?as_of=`: the moment to sum the journal up to, inclusive; absent means now. */
export const trialBalanceQuery = z.object({
  as_of: momentParameter.optional(),
  after: logPositionParameter.optional(),
});
export type TrialBalanceQuery = z.infer<typeof trialBalanceQuery>;

export const trialBalanceAccount = z.object({
  account: z
    .string()
    .describe(
      'The account code: custody:<payment method id>, liability:<bucket>, equity:adjustments, expense:profit',
    ),
  name: z.string().describe('The account as staff read it ("Custody: BITCOIN (bitcoin)")'),
  kind: z.enum(ledgerAccountKinds),
  debit: money.describe('Every debit to the account up to as_of'),
  credit: money.describe('Every credit to the account up to as_of'),
  balance: money.describe(
    'On the normal side: debits less credits for assets, equity and expenses, credits less debits for liabilities',
  ),
});
export type TrialBalanceAccount = z.infer<typeof trialBalanceAccount>;

/** The journal summed per account as of a moment: debits equal credits when the books balance. */
export const trialBalance = z.object({
  as_of: timestamp,
  entries: z.number().int().nonnegative().describe('Journal entries (events that moved money) up to as_of'),
  accounts: z.array(trialBalanceAccount),
  totals: z.object({ debit: money, credit: money }),
  balanced: z.boolean(),
  difference: money.describe('Total debits less total credits: 0.00 when the books balance'),
  unbalanced_since: z
    .object({
      event_id: z.uuid(),
      position: z.string().describe("The event's global position in the log"),
      recorded_at: timestamp,
      difference: money.describe("The entry's debits less its credits"),
    })
    .nullable()
    .describe('The first entry whose debits and credits differ; null when every entry balances'),
  member_liabilities: money.describe('What the platform owes its members: the liability accounts together'),
});
export type TrialBalance = z.infer<typeof trialBalance>;

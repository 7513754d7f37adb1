import { z } from 'zod';
import { text, wholeNumber, wholeNumberParameter } from './text.js';

/**
 * The projector's read models by projection name: the api waits for these checkpoints when a query carries
 * `?after=<position>`.
 */
export const readModels = {
  memberBalances: 'member-balances',
  deposits: 'deposits',
  withdrawals: 'withdrawals',
  accountActivity: 'account-activity',
  adminTotals: 'admin-totals',
  transactions: 'transactions',
  referrals: 'referrals',
  investments: 'investments',
  journal: 'journal',
} as const;
export type ReadModelName = (typeof readModels)[keyof typeof readModels];

/**
 * `?after=`: the `position` a command answered with. It travels sealed (an opaque token); the api opens it before
 * its handlers parse the query, so what this checks is the log position inside, "<transactionId>:<globalPosition>".
 * A token the api did not give reaches the handlers empty and is refused with this message.
 */
export const logPositionParameter = z
  .string()
  .refine((value) => /^\d{1,20}:\d{1,20}$/.test(value), 'must be the position a command answered with')
  .describe('The `position` a command answered with');

/** A log position as the api answers with it: sealed, so it tells nothing of other accounts' activity. */
export const sealedPosition = z
  .string()
  .regex(/^[A-Za-z0-9_-]{92}$/)
  .describe('Opaque: pass it as `?after=` to read your own write');

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const timestamp = z.string();

export const depositStatuses = ['pending', 'completed', 'rejected'] as const;
export const withdrawalStatuses = ['pending', 'paid', 'rejected'] as const;
export const transactionTypes = ['deposit', 'withdrawal'] as const;

/** The dashboard's four cards. */
export const memberFigures = z.object({
  withdrawable_balance: money.describe('Account Balance: available now'),
  total_invest: money.describe('Total Deposit: confirmed deposits'),
  total_withdrawal: money.describe('Total Withdrawals: paid withdrawals'),
  total_balance: money.describe('Accumulated Interest: profit, locked and unlocked'),
});
export type MemberFigures = z.infer<typeof memberFigures>;

export const depositRecord = z.object({
  id: z.uuid(),
  amount: money,
  plan_name: z.string(),
  percentage: z.string(),
  payment_method_id: z.uuid(),
  /** The method's name, as members and admins know it. */
  payment_method: z.string(),
  status: z.enum(depositStatuses),
  reason: z.string().nullable(),
  createdAt: timestamp,
  decidedAt: timestamp.nullable(),
});
/** How many rows a search finds in all, of which `data` is one page. */
const historyTotal = z.number().int().describe('How many rows the search finds in all pages');

export const depositHistory = z.object({ data: z.array(depositRecord), total: historyTotal });
export type DepositHistory = z.infer<typeof depositHistory>;

export const withdrawalRecord = z.object({
  id: z.uuid(),
  amount: money,
  source: z.enum(['balance', 'profit']),
  payment_method_id: z.uuid(),
  /** The method's name, as members and admins know it. */
  payment_method: z.string(),
  status: z.enum(withdrawalStatuses),
  reason: z.string().nullable(),
  payout_reference: z.string().nullable(),
  createdAt: timestamp,
  decidedAt: timestamp.nullable(),
});
export const withdrawalHistory = z.object({ data: z.array(withdrawalRecord), total: historyTotal });
export type WithdrawalHistory = z.infer<typeof withdrawalHistory>;

export const activityRecord = z.object({
  id: z.uuid(),
  type: z.string(),
  amount: money,
  bucket: z.string().nullable(),
  reason: z.string().nullable(),
  occurredAt: timestamp,
});
export const accountActivity = z.object({ data: z.array(activityRecord) });
export type AccountActivity = z.infer<typeof accountActivity>;

/**
 * `?page=&pageSize=&search=` of a member's deposit or withdrawal history, newest first: without `pageSize`, every
 * row the search finds. The search finds text in the amount as shown ("$1,500.00") or as digits ("1500.00"), the
 * payment method, the status and a rejection's reason, without regard to case.
 */
/** `?page=&pageSize=`: one page of a list, newest first; every row when the size is absent. */
export const pageParameters = {
  page: wholeNumberParameter('Page', { min: 1, max: 999_999_999, fallback: 1 }),
  pageSize: wholeNumber('Page size', { min: 1, max: 100 })
    .optional()
    .describe('Rows per page (1 to 100); every row when absent'),
};

export const memberHistoryQuery = z.object({
  ...pageParameters,
  search: text({ label: 'Search', max: 200 }).optional(),
});
export type MemberHistoryQuery = z.infer<typeof memberHistoryQuery>;

/** `?limit=`: how many of the newest movements the member's activity answers; every one when absent. */
export const accountActivityQuery = z.object({
  limit: wholeNumber('Limit', { min: 1, max: 100 })
    .optional()
    .describe('The newest this many movements (1 to 100); every movement when absent'),
});

/** A referred user as the referrer sees them: no e-mail, no figures. */
export const affiliateRecord = z.object({
  first_name: z.string(),
  last_initial: z.string(),
  referral_code: z.string().describe('The referral code of the parent (the member asking)'),
  isVerified: z.boolean(),
  createdAt: timestamp,
});
export const affiliates = z.object({ data: z.array(affiliateRecord) });
export type Affiliates = z.infer<typeof affiliates>;

export const pagingQuery = z.object({
  page: wholeNumberParameter('Page', { min: 1, max: 999_999_999, fallback: 1 }),
  pageSize: wholeNumberParameter('Page size', { min: 1, max: 100, fallback: 20 }),
});

export const adminUsersQuery = pagingQuery.extend({ search: text({ label: 'Search', max: 200 }).optional() });
export type AdminUsersQuery = z.infer<typeof adminUsersQuery>;

export const adminUserSummary = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: z.enum(['unverified', 'active', 'closed']),
  withdrawable_balance: money,
  createdAt: timestamp,
});
export const adminUserList = z.object({ users: z.array(adminUserSummary), total_users: z.number().int() });
export type AdminUserList = z.infer<typeof adminUserList>;

export const adminUserDetail = z.object({
  data: adminUserSummary.extend({
    phone: z.string(),
    total_balance: money.describe('Total Profit'),
    total_invest: money.describe('Total Investment: confirmed deposits'),
    total_withdrawal: money,
    buckets: z.object({
      available: money,
      invested: money,
      profit_locked: money,
      profit_unlocked: money,
      reserved: money,
    }),
    version: z
      .number()
      .int()
      .describe('The account version an adjustment must name; 0 before any money moved'),
  }),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

export const adminTransactionsQuery = pagingQuery.extend({
  id: z.uuid({ error: 'Not a transaction id' }).optional().describe('One deposit or withdrawal'),
  type: z.enum(transactionTypes).optional(),
  status: z.enum(['pending', 'completed', 'paid', 'rejected']).optional(),
});
export type AdminTransactionsQuery = z.infer<typeof adminTransactionsQuery>;

export const adminTransaction = z.object({
  id: z.uuid(),
  type: z.enum(transactionTypes),
  status: z.enum(['pending', 'completed', 'paid', 'rejected']),
  amount: money,
  payment_method_id: z.uuid(),
  /** The method's name, as members and admins know it. */
  payment_method: z.string(),
  user_id: z.uuid(),
  createdAt: timestamp,
  transaction_hash: z
    .string()
    .nullable()
    .describe(
      "Deposits: the transfer's id on its network as the member gave it (unchecked text), to look the payment up before confirming; null when none was given, and for withdrawals",
    ),
  other_deposits_with_hash: z
    .number()
    .int()
    .nullable()
    .describe(
      'Deposits with a hash: how many other deposits, of any member, pending or confirmed, give the same transaction id (the longest run of letters and digits in the hash, of 32 or more, compared without case or a leading 0x, so an explorer link is the same id): one payment claimed twice shows on both; 0 for a text with no such id; null when no hash was given, and for withdrawals',
    ),
  other_deposits_with_proof: z
    .number()
    .int()
    .nullable()
    .describe(
      'Deposits: how many other deposits, of any member, pending or confirmed, came with the very same proof file (byte for byte); null for withdrawals and for deposits whose proof was stored before proofs were fingerprinted',
    ),
  /**
   * Withdrawals: whether the payout address had been in the member's address book for more than 30 days when the
   * withdrawal was asked for (a signal for the payer); null for deposits and withdrawals from before the book.
   */
  address_known_over_30_days: z.boolean().nullable(),
});
export const adminTransactionList = z.object({
  data: z.array(adminTransaction),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminTransactionList = z.infer<typeof adminTransactionList>;
export type AdminTransaction = z.infer<typeof adminTransaction>;

export const adminAmount = z.object({ data: money });
export type AdminAmount = z.infer<typeof adminAmount>;

const pendingFigure = z.object({ count: z.number().int(), amount: money });
export const adminTotals = z.object({
  users: z.number().int().describe('Member accounts not closed'),
  active_users: z.number().int().describe('Verified member accounts not closed'),
  total_deposits: money.describe('Confirmed deposits'),
  pending_deposits: pendingFigure,
  total_withdrawals: money.describe('Paid withdrawals'),
  pending_withdrawals: pendingFigure,
});
export type AdminTotals = z.infer<typeof adminTotals>;

/** Deposits confirmed and withdrawals paid per UTC day, oldest first, one entry for every day (zero when quiet). */
export const adminDailyTotalsQuery = z.object({
  days: wholeNumberParameter('Days', { min: 1, max: 366, fallback: 30 }),
});
export type AdminDailyTotalsQuery = z.infer<typeof adminDailyTotalsQuery>;
export const adminDailyTotals = z.object({
  data: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      deposits: money.describe('Deposits confirmed that day'),
      withdrawals: money.describe('Withdrawals paid that day'),
    }),
  ),
});
export type AdminDailyTotals = z.infer<typeof adminDailyTotals>;

/** Every event of a member's account, newest first, as staff see it: who did it and why. */
export const adminActivityRecord = z.object({
  id: z.uuid(),
  type: z.string(),
  amount: money,
  bucket: z.string().nullable(),
  reason: z.string().nullable(),
  actor: z.object({
    id: z.string().nullable(),
    role: z.enum(['member', 'admin', 'auditor', 'system']).nullable(),
    name: z.string().nullable().describe("The staff member's name; null for the member and the system"),
  }),
  requestId: z.string().nullable(),
  streamPosition: z.number().int(),
  occurredAt: timestamp,
});
export const adminAccountActivity = z.object({
  data: z.array(adminActivityRecord),
  total: z.number().int().describe('The events the filter finds in all pages'),
});
export type AdminAccountActivity = z.infer<typeof adminAccountActivity>;

/** Where a member's profit stands: what Withdraw Profit may draw on now, and what is still locked. */
export const memberProfitStatus = z.object({
  profit_unlocked: money,
  profit_locked: money,
  /** When the next locked profit unlocks; null while nothing is locked by a running investment. */
  next_unlock_at: timestamp.nullable(),
});
export type MemberProfitStatus = z.infer<typeof memberProfitStatus>;

/** A running investment: the plan terms copied in at the deposit, and the profit accrued so far. */
export const runningInvestment = z.object({
  id: z.uuid(),
  plan_name: z.string(),
  percentage: z.string().describe('The stated return over the whole term, in percent ("50")'),
  term_days: z.number().int(),
  principal: money,
  accrued: money.describe('Profit accrued so far, locked until maturity'),
  accrued_through: z
    .string()
    .nullable()
    .describe('The last day accrued (YYYY-MM-DD, UTC); null before the first'),
  startedAt: timestamp,
  maturesAt: timestamp,
});
export const runningInvestments = z.object({ data: z.array(runningInvestment) });
export type RunningInvestments = z.infer<typeof runningInvestments>;

/** Every member's running investments, for the admin overview: the member named as staff see them. */
export const adminRunningInvestments = z.object({
  data: z.array(runningInvestment.extend({ user: z.object({ id: z.uuid(), name: z.string() }) })),
});
export type AdminRunningInvestments = z.infer<typeof adminRunningInvestments>;

/** The price ticker and market overview: quotes in US dollars from the configured provider. */
export const marketQuote = z.object({
  symbol: z.string(),
  name: z.string(),
  price: z.string().regex(/^\d+\.\d{2,8}$/),
  change24h: z
    .string()
    .regex(/^-?\d+\.\d{2}$/)
    .describe('Percent change over 24 hours'),
});
export type MarketQuote = z.infer<typeof marketQuote>;
export const marketPrices = z.object({
  data: z.array(marketQuote),
  source: z.string().describe('"sample" for the offline sample provider'),
  asOf: timestamp,
});
export type MarketPrices = z.infer<typeof marketPrices>;

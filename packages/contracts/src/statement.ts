import { z } from 'zod';
import { pageParameters } from './read-models.js';

const money = z.string().regex(/^-?\d+\.\d{2}$/);
const timestamp = z.string().describe('ISO 8601, UTC');

/** The account event types, as the timeline filter offers them (the ledger's own list, in the same order). */
export const accountEventTypeNames = [
  'DepositRequested',
  'DepositConfirmed',
  'DepositRejected',
  'WithdrawalRequested',
  'WithdrawalPaid',
  'WithdrawalRejected',
  'BalanceAdjusted',
  'ProfitAccrued',
  'InvestmentMatured',
  'PayoutAddressSaved',
  'PayoutAddressRemoved',
  'SecurityHoldStarted',
  'AccountLocked',
  'AccountUnlocked',
  'WithdrawalLimitsSet',
] as const;
export type AccountEventTypeName = (typeof accountEventTypeNames)[number];

/**
 * The security changes of the user's identity stream a member's activity and timeline show beside the account's
 * events (the ledger's `securityEventTypes`, in the same order); none carries personal data.
 */
export const securityEventTypeNames = [
  'PasswordChanged',
  'SecondFactorAdded',
  'SecondFactorRemoved',
  'RecoveryCodesGenerated',
  'RecoveryCodeUsed',
  'SecondFactorsResetByAdmin',
  'SessionEnded',
  'NewDeviceSignedIn',
] as const;
export type SecurityEventTypeName = (typeof securityEventTypeNames)[number];

/** What the timeline filter offers: the account's events, then the security changes. */
export const timelineEventTypeNames = [...accountEventTypeNames, ...securityEventTypeNames] as const;
export type TimelineEventTypeName = (typeof timelineEventTypeNames)[number];

/** A moment as a query names it: an ISO 8601 date-time with its offset ("2026-11-22T10:00:00Z"). */
const moment = z.iso
  .datetime({
    offset: true,
    message: 'must be a date and time, e.g. 2026-11-22T10:00:00Z',
  })
  .refine((text) => {
    // An offset can carry 0000-01-01 into year -1 or 9999-12-31 into 10000, which no ISO day can be written as.
    const year = new Date(text).getUTCFullYear();
    return Number.isNaN(year) || (year >= 0 && year <= 9999);
  }, 'must fall between the years 0000 and 9999 in UTC');
/** `?as_of=` and the like, for other contracts. */
export { moment as momentParameter };

/** A UTC calendar day as a query names it. */
const day = z.iso.date({ message: 'must be a date, YYYY-MM-DD' });

/** Every bucket of an account at one moment, and their sum. */
export const accountBalances = z.object({
  available: money.describe('Withdrawable now'),
  invested: money.describe('Principal in running plans'),
  profit_locked: money.describe('Profit of running plans'),
  profit_unlocked: money.describe('Profit of finished plans, withdrawable'),
  reserved: money.describe('Held for pending withdrawals'),
  total: money.describe('The sum of the five buckets'),
});
export type AccountBalances = z.infer<typeof accountBalances>;

/** One event of an account with the balances right after it. */
export const statementLine = z.object({
  id: z.uuid(),
  position: z.number().int().positive().describe("The event's position in the account stream, from 1"),
  type: z.enum(accountEventTypeNames),
  amount: money.describe('The money the event moved (principal and profit together for a maturity)'),
  change: money.describe('What the event changed the total by: signed'),
  bucket: z.string().nullable().describe('The bucket an adjustment changed'),
  reason: z.string().nullable().describe("An adjustment's or a rejection's reason"),
  actor_role: z.enum(['member', 'admin', 'auditor', 'system']).nullable(),
  recorded_at: timestamp,
  hash: z.string().describe("The event's link in the account's hash chain (sha256, hex)"),
  balances: accountBalances,
});
export type StatementLine = z.infer<typeof statementLine>;

/** `?as_of=`: the moment to fold the account's events up to, inclusive; absent means now. */
export const statementQuery = z.object({ as_of: moment.optional() });
export type StatementQuery = z.infer<typeof statementQuery>;

/**
 * A member's statement: the account's events, oldest first, up to `as_of`, each with the running balances,
 * the balances they fold to, and the hash of the last event included. A later statement whose chain still
 * passes through this head hash proves nothing up to here changed.
 */
export const accountStatement = z.object({
  user_id: z.uuid(),
  as_of: timestamp.describe('The moment the statement stops at: the one asked for, or when it was made'),
  events: z.number().int().nonnegative(),
  head_hash: z.string().nullable().describe('The hash of the last event included; null when there is none'),
  balances: accountBalances,
  lines: z.array(statementLine),
});
export type AccountStatement = z.infer<typeof accountStatement>;

/**
 * Zod runs an object's refinements after a field has already failed its format: comparing a malformed bound
 * would add a second, misleading error to `to`.
 */
const bothBoundsValid = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;

const timelineFilters = {
  type: z.enum(timelineEventTypeNames).optional(),
  from: moment.optional(),
  to: moment.optional(),
};
// Compared as instants: the bounds may carry different offsets and fractions of a second.
const fromNotAfterTo = (query: { from?: string; to?: string }) =>
  !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to);
const toBeforeFrom = { path: ['to'], message: 'must not be before from', when: bothBoundsValid };

/** The timeline filter: event type and recorded time (inclusive bounds). */
export const timelineQuery = z.object(timelineFilters).refine(fromNotAfterTo, toBeforeFrom);
export type TimelineQuery = z.infer<typeof timelineQuery>;

/** The timeline filter and the page asked for. */
export const timelinePageQuery = z
  .object({ ...timelineFilters, ...pageParameters })
  .refine(fromNotAfterTo, toBeforeFrom);
export type TimelinePageQuery = z.infer<typeof timelinePageQuery>;

/** The all-transactions CSV: every account event recorded on the UTC days from `from` to `to`, inclusive. */
export const transactionsExportQuery = z
  .object({ from: day, to: day })
  .refine((query) => query.from <= query.to, {
    path: ['to'],
    message: 'must not be before from',
    when: bothBoundsValid,
  });
export type TransactionsExportQuery = z.infer<typeof transactionsExportQuery>;

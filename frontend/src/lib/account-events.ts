import type {
  AccountBalances,
  AccountEventTypeName,
  AdminAccountActivity,
  SecurityEventTypeName,
  TimelineEventTypeName,
} from '@ledgerstone/contracts';

export const eventTypeLabels: Record<AccountEventTypeName, string> = {
  DepositRequested: 'Deposit requested',
  DepositConfirmed: 'Deposit confirmed',
  DepositRejected: 'Deposit rejected',
  WithdrawalRequested: 'Withdrawal requested',
  WithdrawalPaid: 'Withdrawal paid',
  WithdrawalRejected: 'Withdrawal rejected',
  BalanceAdjusted: 'Balance adjusted',
  ProfitAccrued: 'Profit accrued',
  InvestmentMatured: 'Investment matured',
  PayoutAddressSaved: 'Payout address added',
  PayoutAddressRemoved: 'Payout address removed',
  SecurityHoldStarted: 'Withdrawals paused after a security change',
  AccountLocked: 'Account locked',
  AccountUnlocked: 'Account unlocked',
  WithdrawalLimitsSet: 'Withdrawal limits set',
};

/** The security changes of the identity stream that activity lists and timelines show beside the account's events. */
export const securityEventTypeLabels: Record<SecurityEventTypeName, string> = {
  PasswordChanged: 'Password changed',
  SecondFactorAdded: 'Second factor added',
  SecondFactorRemoved: 'Second factor removed',
  RecoveryCodesGenerated: 'Recovery codes generated',
  RecoveryCodeUsed: 'Recovery code used',
  SecondFactorsResetByAdmin: 'Two-step verification reset by an admin',
  SessionEnded: 'Signed out on another device',
  NewDeviceSignedIn: 'Signed in from a new device',
};

export const timelineEventTypeLabels: Record<TimelineEventTypeName, string> = {
  ...eventTypeLabels,
  ...securityEventTypeLabels,
};

/** A security change moves no money: screens show no amount for it. */
export function isSecurityEvent(type: string): boolean {
  return Object.hasOwn(securityEventTypeLabels, type);
}

/** A type the ledger added after this screen still reads as words: "LateFeeCharged" is "Late fee charged". */
export function eventTypeLabel(type: string): string {
  if (Object.hasOwn(timelineEventTypeLabels, type))
    return timelineEventTypeLabels[type as TimelineEventTypeName];
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type BalanceField = keyof AccountBalances;

/** The balance buckets in the order screens show them, the total last. */
export const balanceLabels: Record<BalanceField, string> = {
  available: 'Available',
  invested: 'Invested',
  profit_locked: 'Locked profit',
  profit_unlocked: 'Unlocked profit',
  reserved: 'Reserved',
  total: 'Total',
};

export const balanceFields = Object.keys(balanceLabels) as BalanceField[];

// The ledger's names for the buckets an admin can adjust; "profit" is profit already unlocked.
const adjustableBucketLabels: Record<string, string> = {
  available: balanceLabels.available,
  invested: balanceLabels.invested,
  profit: balanceLabels.profit_unlocked,
};

/** "Balance adjusted (Unlocked profit)": an adjustment says which bucket it moved, in the balances' words. */
export function eventLabel(type: string, bucket: string | null): string {
  if (!bucket) return eventTypeLabel(type);
  return `${eventTypeLabel(type)} (${adjustableBucketLabels[bucket] ?? balanceLabels[bucket as BalanceField] ?? bucket})`;
}

type EventActor = AdminAccountActivity['data'][number]['actor'];

/** Who recorded an event, as staff see it: "Member", "System", "Grace Hopper (admin)", or "—" when unknown. */
export function actorLabel(actor: EventActor): string {
  if (actor.role === null) return '—';
  if (actor.role === 'member') return 'Member';
  if (actor.role === 'system') return 'System';
  return `${actor.name ?? 'Unknown'} (${actor.role})`;
}

/** "1 event", "2 events": a count with its noun. */
export const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

import type { MailJob } from '@ledgerstone/contracts';
import { centsFromString, formatCents } from '@ledgerstone/ledger';
import { LOCK_LINK_HOURS, lockLinkUrl, signLockLink } from '@ledgerstone/process-kit';
import type { RecordedAccountEvent } from '@ledgerstone/read-models';
import type { ProjectorConfig } from '../config.js';

export interface Recipient {
  email: string;
  firstName: string;
}

/** What signs the "This wasn't me: lock my account" links: the site they open and the key shared with the api. */
export type LockLinks = Pick<ProjectorConfig, 'publicUrl' | 'accountLinkKey'>;

/**
 * The event's own lock link: its id is the link's, and it expires a day after the event was recorded, so an event
 * delivered again signs the very same link.
 */
export function lockUrlOf(event: RecordedAccountEvent, links: LockLinks): string {
  const token = signLockLink(links.accountLinkKey, {
    userId: event.data.userId,
    linkId: event.id,
    expiresAt: new Date(event.recordedAt.getTime() + LOCK_LINK_HOURS * 3_600_000),
  });
  return lockLinkUrl(links.publicUrl, token);
}

/** The mail an account event sends its member; none for a day's accrual (maturity has its own). */
export function accountMail(event: RecordedAccountEvent, to: Recipient, links: LockLinks): MailJob | null {
  const firstName = to.firstName;
  switch (event.type) {
    // Address, hold and lock changes are mailed by the api with the change that caused them.
    case 'ProfitAccrued':
    case 'PayoutAddressSaved':
    case 'PayoutAddressRemoved':
    case 'SecurityHoldStarted':
    case 'AccountLocked':
    case 'AccountUnlocked':
    case 'WithdrawalLimitsSet':
      return null;
  }
  if (event.type === 'InvestmentMatured') {
    const principal = formatCents(centsFromString(event.data.principal));
    const profit = formatCents(centsFromString(event.data.profit));
    return { template: 'investment-matured', to: to.email, data: { firstName, principal, profit } };
  }
  const amount = formatCents(centsFromString(event.data.amount));
  switch (event.type) {
    case 'DepositRequested':
      return {
        template: 'deposit-received',
        to: to.email,
        data: { firstName, amount, planName: event.data.planName },
      };
    case 'DepositConfirmed':
      return { template: 'deposit-confirmed', to: to.email, data: { firstName, amount } };
    case 'DepositRejected':
      return {
        template: 'deposit-rejected',
        to: to.email,
        data: { firstName, amount, reason: event.data.reason },
      };
    case 'WithdrawalRequested':
      return {
        template: 'withdrawal-requested',
        to: to.email,
        data: { firstName, amount, lockUrl: lockUrlOf(event, links) },
      };
    case 'WithdrawalPaid':
      return {
        template: 'withdrawal-paid',
        to: to.email,
        data: { firstName, amount, payoutReference: event.data.payoutReference },
      };
    case 'WithdrawalRejected':
      return {
        template: 'withdrawal-rejected',
        to: to.email,
        data: { firstName, amount, reason: event.data.reason },
      };
    case 'BalanceAdjusted':
      return {
        template: 'balance-adjusted',
        to: to.email,
        data: { firstName, amount, bucket: event.data.bucket, reason: event.data.reason },
      };
  }
}

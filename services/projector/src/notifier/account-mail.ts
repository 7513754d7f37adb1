import type { MailJob } from '@ledgerstone/contracts';
import { centsFromString, formatCents } from '@ledgerstone/ledger';
import type { RecordedAccountEvent } from '@ledgerstone/read-models';

export interface Recipient {
  email: string;
  firstName: string;
}

/** The mail an account event sends its member; none for a day's accrual (maturity has its own). */
export function accountMail(event: RecordedAccountEvent, to: Recipient): MailJob | null {
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
      return { template: 'withdrawal-requested', to: to.email, data: { firstName, amount } };
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

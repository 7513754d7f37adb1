export {
  accountActivityProjection,
  type ActivityRow,
} from './account-activity/account-activity.projection.js';
export { accountActivityOf } from './account-activity/account-activity.queries.js';
export {
  adminTotalsProjection,
  type AdminTotalsRow,
  type MemberStateRow,
} from './admin-totals/admin-totals.projection.js';
export { adminTotals } from './admin-totals/admin-totals.queries.js';
export { depositsProjection, type DepositRow } from './deposits/deposits.projection.js';
export { investmentsProjection, type InvestmentRow } from './investments/investments.projection.js';
export {
  nextMaturityOf,
  runningInvestmentOf,
  runningInvestmentsOf,
} from './investments/investments.queries.js';
export {
  journalProjection,
  type JournalLineRow,
  type JournalMemberRow,
} from './journal/journal.projection.js';
export { journalTotalsAsOf, type JournalTotals, type UnbalancedEntry } from './journal/journal.queries.js';
export {
  memberBalancesProjection,
  type MemberBalancesRow,
} from './member-balances/member-balances.projection.js';
export {
  availableBalancesOf,
  figuresOf,
  memberBalancesOf,
  memberFiguresOf,
} from './member-balances/member-balances.queries.js';
export {
  readModelDatabase,
  readOrEmpty,
  type ReadModelDatabase,
  type ReadModelTables,
} from './read-model-database.js';
export type { RecordedAccountEvent, RecordedIdentityEvent } from './recorded-events.js';
export { referralsProjection, type ReferralRow } from './referrals/referrals.projection.js';
export { transactionsProjection, type TransactionRow } from './transactions/transactions.projection.js';
export { otherDepositsWithSameHash, transactionOwnerOf } from './transactions/transactions.queries.js';
export { withdrawalsProjection, type WithdrawalRow } from './withdrawals/withdrawals.projection.js';

import type { Projection } from '@ledgerstone/eventstore';
import { accountActivityProjection } from './account-activity/account-activity.projection.js';
import { adminTotalsProjection } from './admin-totals/admin-totals.projection.js';
import { depositsProjection } from './deposits/deposits.projection.js';
import { investmentsProjection } from './investments/investments.projection.js';
import { memberBalancesProjection } from './member-balances/member-balances.projection.js';
import { referralsProjection } from './referrals/referrals.projection.js';
import { transactionsProjection } from './transactions/transactions.projection.js';
import { withdrawalsProjection } from './withdrawals/withdrawals.projection.js';

/** The read models the projector keeps up to date; each one can be rebuilt from the log. */
export const projections: readonly Projection[] = [
  memberBalancesProjection,
  depositsProjection,
  withdrawalsProjection,
  accountActivityProjection,
  adminTotalsProjection,
  transactionsProjection,
  referralsProjection,
  investmentsProjection,
];

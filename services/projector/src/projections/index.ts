import type { Projection } from '@ledgerstone/eventstore';
import {
  accountActivityProjection,
  adminTotalsProjection,
  depositsProjection,
  investmentsProjection,
  journalProjection,
  memberBalancesProjection,
  referralsProjection,
  transactionsProjection,
  withdrawalsProjection,
} from '@ledgerstone/read-models';

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
  journalProjection,
];

import {
  accountActivity,
  adminAccountActivity,
  adminAmount,
  adminDailyTotals,
  adminDailyTotalsQuery,
  adminTotals,
  adminTransactionList,
  adminTransactionsQuery,
  adminUserDetail,
  adminUserList,
  adminUsersQuery,
  affiliates,
  depositHistory,
  logPositionParameter,
  memberProfitStatus,
  withdrawalHistory,
} from '@ledgerstone/contracts';
import { z } from 'zod';
import type { ApiRoute } from '../api-docs/route-table.js';

const AFTER = ' Takes ?after=<position> from a command to wait (up to 2 s) until the answer reflects it.';

const afterQuery = z.object({
  after: logPositionParameter
    .optional()
    .describe('The `position` of a command: the answer waits (up to 2 s) until it reflects it'),
});

/** The queries of the read models, as the route table lists them. */
export const READ_MODEL_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/transactions/deposit',
    summary: `The member's deposit history, newest first.${AFTER}`,
    tag: 'Member',
    access: 'member',
    query: afterQuery,
    response: depositHistory,
  },
  {
    method: 'get',
    path: '/api/withdraw',
    summary: `The member's withdrawal history, newest first.${AFTER}`,
    tag: 'Member',
    access: 'member',
    query: afterQuery,
    response: withdrawalHistory,
  },
  {
    method: 'get',
    path: '/api/user/activity',
    summary: `Every money movement of the member's account, newest first.${AFTER}`,
    tag: 'Member',
    access: 'member',
    query: afterQuery,
    response: accountActivity,
  },
  {
    method: 'get',
    path: '/api/user/profit',
    summary: `The member's profit: unlocked (Withdraw Profit may draw on it) and locked; next_unlock_at stays null until running investments lock profit.${AFTER}`,
    tag: 'Member',
    access: 'member',
    query: afterQuery,
    response: memberProfitStatus,
  },
  {
    method: 'get',
    path: '/api/users/affiliates',
    summary: `The members this member referred: first name, last initial, verified or not.${AFTER}`,
    tag: 'Member',
    access: 'member',
    query: afterQuery,
    response: affiliates,
  },
  {
    method: 'get',
    path: '/api/admin/users',
    summary: `Members, newest first: ?search= (name or e-mail), ?page=, ?pageSize= (at most 100).${AFTER}`,
    tag: 'Admin',
    access: 'staff-read',
    query: adminUsersQuery.extend(afterQuery.shape),
    response: adminUserList,
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}',
    summary: `One member with the four figures, the buckets and the account version.${AFTER}`,
    tag: 'Admin',
    access: 'staff-read',
    query: afterQuery,
    response: adminUserDetail,
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}/activity',
    summary:
      "Every event of the member's account read from the event store, newest first, with its actor (staff by name), reason and request id; 404 for an unknown user",
    tag: 'Admin',
    access: 'staff-read',
    response: adminAccountActivity,
  },
  {
    method: 'get',
    path: '/api/transactions',
    summary: `Deposits and withdrawals, newest first: ?type=, ?status=, ?page=, ?pageSize=.${AFTER}`,
    tag: 'Admin',
    access: 'staff-read',
    query: adminTransactionsQuery.extend(afterQuery.shape),
    response: adminTransactionList,
  },
  {
    method: 'get',
    path: '/api/admin/totals',
    summary: `Users, active users, confirmed deposits, paid withdrawals and what is pending.${AFTER}`,
    tag: 'Admin',
    access: 'staff-read',
    query: afterQuery,
    response: adminTotals,
  },
  {
    method: 'get',
    path: '/api/admin/funds',
    summary: `The sum of confirmed deposits.${AFTER}`,
    tag: 'Admin',
    access: 'staff-read',
    query: afterQuery,
    response: adminAmount,
  },
  {
    method: 'get',
    path: '/api/admin/pending',
    summary: `The sum of deposits waiting for a decision.${AFTER}`,
    tag: 'Admin',
    access: 'staff-read',
    query: afterQuery,
    response: adminAmount,
  },
  {
    method: 'get',
    path: '/api/admin/daily-totals',
    summary: `Deposits confirmed and withdrawals paid per UTC day for the last ?days= days (default 30, at most 366) up to today, oldest first, zero on quiet days.${AFTER}`,
    tag: 'Admin',
    access: 'staff-read',
    query: adminDailyTotalsQuery.extend(afterQuery.shape),
    response: adminDailyTotals,
  },
];

import { Controller, Get, Param, Query } from '@nestjs/common';
import {
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
  timelinePageQuery,
  type AdminAccountActivity,
  type AdminAmount,
  type AdminDailyTotals,
  type AdminTotals,
  type AdminTransactionList,
  type AdminUserDetail,
  type AdminUserList,
} from '@ledgerstone/contracts';
import { StaffRead } from '../../shared/auth/access.decorators.js';
import { AdminAccountActivityQuery, memberIdOf } from './admin-account-activity.js';
import { AdminReadModels } from './admin-read-models.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { AFTER, afterQuery } from './after-query.js';

@StaffRead()
@Controller()
export class AdminReadModelsController {
  constructor(
    private readonly readModels: AdminReadModels,
    private readonly accountActivity: AdminAccountActivityQuery,
  ) {}

  @Get('admin/users')
  @ApiRoute({
    summary: `Members, newest first: ?search= (name or e-mail), ?page=, ?pageSize= (at most 100).${AFTER}`,
    tag: 'Admin',
    query: adminUsersQuery.extend(afterQuery.shape),
    response: adminUserList,
  })
  async users(@Query() query: Record<string, unknown>): Promise<AdminUserList> {
    return adminUserList.parse(await this.readModels.users(adminUsersQuery.parse(query), query.after));
  }

  @Get('admin/users/:id')
  @ApiRoute({
    summary:
      "One member with the four figures, the buckets and the account version, all read from the account's state row: current at once, one snapshot",
    tag: 'Admin',
    response: adminUserDetail,
  })
  async user(@Param('id') id: string): Promise<AdminUserDetail> {
    return adminUserDetail.parse(await this.readModels.user(memberIdOf(id)));
  }

  @Get('admin/users/:id/activity')
  @ApiRoute({
    summary:
      "Every event of the member's account read from the event store, newest first, with its actor (staff by name), reason and request id; ?type= (an account event type), ?from= and ?to= (ISO date-times with offset, inclusive) narrow it; ?page= and ?pageSize= (1 to 100; every event when absent) page it, with the total found; 404 for an unknown user",
    tag: 'Admin',
    query: timelinePageQuery,
    response: adminAccountActivity,
  })
  async activity(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<AdminAccountActivity> {
    const userId = memberIdOf(id);
    return adminAccountActivity.parse(
      await this.accountActivity.activity(userId, timelinePageQuery.parse(query)),
    );
  }

  @Get('transactions')
  @ApiRoute({
    summary: `Deposits and withdrawals, newest first: ?id=, ?type=, ?status=, ?page=, ?pageSize=.${AFTER}`,
    tag: 'Admin',
    query: adminTransactionsQuery.extend(afterQuery.shape),
    response: adminTransactionList,
  })
  async transactions(@Query() query: Record<string, unknown>): Promise<AdminTransactionList> {
    return adminTransactionList.parse(
      await this.readModels.transactions(adminTransactionsQuery.parse(query), query.after),
    );
  }

  @Get('admin/totals')
  @ApiRoute({
    summary: `Users, active users, confirmed deposits, paid withdrawals and what is pending.${AFTER}`,
    tag: 'Admin',
    query: afterQuery,
    response: adminTotals,
  })
  async totals(@Query('after') after: unknown): Promise<AdminTotals> {
    return adminTotals.parse(await this.readModels.totals(after));
  }

  @Get('admin/funds')
  @ApiRoute({
    summary: `The sum of confirmed deposits.${AFTER}`,
    tag: 'Admin',
    query: afterQuery,
    response: adminAmount,
  })
  async funds(@Query('after') after: unknown): Promise<AdminAmount> {
    return adminAmount.parse(await this.readModels.funds(after));
  }

  @Get('admin/pending')
  @ApiRoute({
    summary: `The sum of deposits waiting for a decision.${AFTER}`,
    tag: 'Admin',
    query: afterQuery,
    response: adminAmount,
  })
  async pending(@Query('after') after: unknown): Promise<AdminAmount> {
    return adminAmount.parse(await this.readModels.pending(after));
  }

  @Get('admin/daily-totals')
  @ApiRoute({
    summary: `Deposits confirmed and withdrawals paid per UTC day for the last ?days= days (default 30, at most 366) up to today, oldest first, zero on quiet days.${AFTER}`,
    tag: 'Admin',
    query: adminDailyTotalsQuery.extend(afterQuery.shape),
    response: adminDailyTotals,
  })
  async dailyTotals(@Query() query: Record<string, unknown>): Promise<AdminDailyTotals> {
    return adminDailyTotals.parse(
      await this.readModels.dailyTotals(adminDailyTotalsQuery.parse(query), query.after),
    );
  }
}

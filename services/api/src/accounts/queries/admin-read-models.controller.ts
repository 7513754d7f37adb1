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
  timelineQuery,
  type AdminAccountActivity,
  type AdminAmount,
  type AdminDailyTotals,
  type AdminTotals,
  type AdminTransactionList,
  type AdminUserDetail,
  type AdminUserList,
} from '@ledgerstone/contracts';
import { z } from 'zod';
import { StaffRead } from '../../shared/auth/access.decorators.js';
import { AdminAccountActivityQuery } from './admin-account-activity.js';
import { AdminReadModels } from './admin-read-models.js';

const userIdParameter = z.uuid();

@StaffRead()
@Controller()
export class AdminReadModelsController {
  constructor(
    private readonly readModels: AdminReadModels,
    private readonly accountActivity: AdminAccountActivityQuery,
  ) {}

  @Get('admin/users')
  async users(@Query() query: Record<string, unknown>): Promise<AdminUserList> {
    return adminUserList.parse(await this.readModels.users(adminUsersQuery.parse(query), query.after));
  }

  @Get('admin/users/:id')
  async user(@Param('id') id: string): Promise<AdminUserDetail> {
    return adminUserDetail.parse(await this.readModels.user(userIdParameter.parse(id)));
  }

  @Get('admin/users/:id/activity')
  async activity(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<AdminAccountActivity> {
    const userId = userIdParameter.parse(id);
    const filter = timelineQuery.parse(query);
    return adminAccountActivity.parse(await this.accountActivity.activity(userId, filter));
  }

  @Get('transactions')
  async transactions(@Query() query: Record<string, unknown>): Promise<AdminTransactionList> {
    return adminTransactionList.parse(
      await this.readModels.transactions(adminTransactionsQuery.parse(query), query.after),
    );
  }

  @Get('admin/totals')
  async totals(@Query('after') after: unknown): Promise<AdminTotals> {
    return adminTotals.parse(await this.readModels.totals(after));
  }

  @Get('admin/funds')
  async funds(@Query('after') after: unknown): Promise<AdminAmount> {
    return adminAmount.parse(await this.readModels.funds(after));
  }

  @Get('admin/pending')
  async pending(@Query('after') after: unknown): Promise<AdminAmount> {
    return adminAmount.parse(await this.readModels.pending(after));
  }

  @Get('admin/daily-totals')
  async dailyTotals(@Query() query: Record<string, unknown>): Promise<AdminDailyTotals> {
    return adminDailyTotals.parse(
      await this.readModels.dailyTotals(adminDailyTotalsQuery.parse(query), query.after),
    );
  }
}

import { Controller, Get, Query } from '@nestjs/common';
import {
  accountActivity,
  affiliates,
  depositHistory,
  memberProfitStatus,
  withdrawalHistory,
  type AccountActivity,
  type Affiliates,
  type DepositHistory,
  type MemberProfitStatus,
  type WithdrawalHistory,
} from '@ledgerstone/contracts';
import { MemberOnly } from '../identity/access/access.decorators.js';
import { CurrentActor } from '../identity/access/current-actor.decorator.js';
import type { Actor } from '../identity/persistence/session-store.js';
import { MemberReadModels } from './member-read-models.js';

@MemberOnly()
@Controller()
export class MemberReadModelsController {
  constructor(private readonly readModels: MemberReadModels) {}

  @Get('transactions/deposit')
  async deposits(@CurrentActor() actor: Actor, @Query('after') after: unknown): Promise<DepositHistory> {
    return depositHistory.parse(await this.readModels.deposits(actor.userId, after));
  }

  @Get('withdraw')
  async withdrawals(
    @CurrentActor() actor: Actor,
    @Query('after') after: unknown,
  ): Promise<WithdrawalHistory> {
    return withdrawalHistory.parse(await this.readModels.withdrawals(actor.userId, after));
  }

  @Get('user/activity')
  async activity(@CurrentActor() actor: Actor, @Query('after') after: unknown): Promise<AccountActivity> {
    return accountActivity.parse(await this.readModels.activity(actor.userId, after));
  }

  @Get('users/affiliates')
  async affiliates(@CurrentActor() actor: Actor, @Query('after') after: unknown): Promise<Affiliates> {
    return affiliates.parse(await this.readModels.affiliates(actor.userId, after));
  }

  @Get('user/profit')
  async profit(@CurrentActor() actor: Actor, @Query('after') after: unknown): Promise<MemberProfitStatus> {
    return memberProfitStatus.parse(await this.readModels.profit(actor.userId, after));
  }
}

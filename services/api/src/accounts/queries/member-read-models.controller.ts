import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  accountActivity,
  accountActivityQuery,
  memberHistoryQuery,
  affiliates,
  depositHistory,
  memberProfile,
  memberProfitStatus,
  withdrawalHistory,
  type AccountActivity,
  type Affiliates,
  type DepositHistory,
  type MemberProfile,
  type MemberProfitStatus,
  type WithdrawalHistory,
} from '@ledgerstone/contracts';
import { MemberOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { Actor } from '../../shared/auth/actor.js';
import { GetMemberProfile } from './get-member-profile.query.js';
import { MemberReadModels } from './member-read-models.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { AFTER, afterQuery } from './after-query.js';

@MemberOnly()
@Controller()
export class MemberReadModelsController {
  constructor(
    private readonly readModels: MemberReadModels,
    private readonly queries: QueryBus,
  ) {}

  @Get('user')
  @ApiRoute({
    summary: `The member's profile.${AFTER}`,
    tag: 'Member',
    query: afterQuery,
    response: memberProfile,
  })
  async profile(@CurrentActor() actor: Actor, @Query('after') after: unknown): Promise<MemberProfile> {
    return memberProfile.parse(await this.queries.execute(new GetMemberProfile(actor.userId, after)));
  }

  @Get('transactions/deposit')
  @ApiRoute({
    summary: `The member's deposit history, newest first, a page at a time when ?pageSize= is given.${AFTER}`,
    tag: 'Member',
    query: afterQuery.extend(memberHistoryQuery.shape),
    response: depositHistory,
  })
  async deposits(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
  ): Promise<DepositHistory> {
    return depositHistory.parse(
      await this.readModels.deposits(actor.userId, query.after, memberHistoryQuery.parse(query)),
    );
  }

  @Get('withdraw')
  @ApiRoute({
    summary: `The member's withdrawal history, newest first, a page at a time when ?pageSize= is given.${AFTER}`,
    tag: 'Member',
    query: afterQuery.extend(memberHistoryQuery.shape),
    response: withdrawalHistory,
  })
  async withdrawals(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
  ): Promise<WithdrawalHistory> {
    return withdrawalHistory.parse(
      await this.readModels.withdrawals(actor.userId, query.after, memberHistoryQuery.parse(query)),
    );
  }

  @Get('user/activity')
  @ApiRoute({
    summary: `Every money movement of the member's account, newest first; ?limit=N answers the newest N.${AFTER}`,
    tag: 'Member',
    query: afterQuery.extend(accountActivityQuery.shape),
    response: accountActivity,
  })
  async activity(
    @CurrentActor() actor: Actor,
    @Query('after') after: unknown,
    @Query('limit') limit: unknown,
  ): Promise<AccountActivity> {
    const query = accountActivityQuery.parse({ limit });
    return accountActivity.parse(await this.readModels.activity(actor.userId, after, query.limit));
  }

  @Get('users/affiliates')
  @ApiRoute({
    summary: `The members this member referred: first name, last initial, verified or not.${AFTER}`,
    tag: 'Member',
    query: afterQuery,
    response: affiliates,
  })
  async affiliates(@CurrentActor() actor: Actor, @Query('after') after: unknown): Promise<Affiliates> {
    return affiliates.parse(await this.readModels.affiliates(actor.userId, after));
  }

  @Get('user/profit')
  @ApiRoute({
    summary: `The member's profit: unlocked (Withdraw Profit may draw on it) and locked; next_unlock_at is when the first running investment matures, null when none runs.${AFTER}`,
    tag: 'Member',
    query: afterQuery,
    response: memberProfitStatus,
  })
  async profit(@CurrentActor() actor: Actor, @Query('after') after: unknown): Promise<MemberProfitStatus> {
    return memberProfitStatus.parse(await this.readModels.profit(actor.userId, after));
  }
}

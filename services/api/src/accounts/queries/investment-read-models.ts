import { Controller, Get, Inject, Injectable, Param, Query } from '@nestjs/common';
import {
  adminRunningInvestments,
  readModels,
  runningInvestments,
  type AdminRunningInvestments,
  type RunningInvestments,
} from '@ledgerstone/contracts';
import {
  readModelDatabase,
  readOrEmpty,
  runningInvestmentOf,
  runningInvestmentsOf,
} from '@ledgerstone/read-models';
import { MemberOnly, StaffRead } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { Actor } from '../../shared/auth/actor.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import type { UsersTable } from '../../identity/index.js';
import { waitForPosition } from '../../shared/database/read-your-writes.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { assertMember, memberIdOf } from './admin-account-activity.js';
import { AFTER, afterQuery } from './after-query.js';

/** Running investments from the investments read model, the one that matures first first. */
@Injectable()
export class InvestmentReadModels {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async ofMember(userId: string, after: unknown): Promise<RunningInvestments> {
    await waitForPosition(this.database, after, [readModels.investments]);
    return runningInvestmentsOf(this.database, userId);
  }

  /** Every member's, with the member's name from the write side's `users`. */
  async all(after: unknown): Promise<AdminRunningInvestments> {
    await waitForPosition(this.database, after, [readModels.investments]);
    const rows = await readOrEmpty(
      () =>
        readModelDatabase(this.database)
          .withTables<{ users: UsersTable }>()
          .selectFrom('rm_investments')
          .innerJoin('users', 'users.id', 'rm_investments.user_id')
          .selectAll('rm_investments')
          .select(['users.first_name', 'users.last_name'])
          .where('rm_investments.status', '=', 'running')
          .orderBy('rm_investments.matures_at')
          .orderBy('rm_investments.investment_id')
          .execute(),
      [],
    );
    return {
      data: rows.map((row) => ({
        ...runningInvestmentOf(row),
        user: { id: row.user_id, name: `${row.first_name} ${row.last_name}`.trim() },
      })),
    };
  }
}

@MemberOnly()
@Controller()
export class MemberInvestmentsController {
  constructor(private readonly investments: InvestmentReadModels) {}

  @Get('user/investments')
  @ApiRoute({
    summary: `The member's running investments (plan, principal, start, maturity, profit accrued so far), the first to mature first.${AFTER}`,
    tag: 'Member',
    query: afterQuery,
    response: runningInvestments,
  })
  async investmentsOf(
    @CurrentActor() actor: Actor,
    @Query('after') after: unknown,
  ): Promise<RunningInvestments> {
    return runningInvestments.parse(await this.investments.ofMember(actor.userId, after));
  }
}

@StaffRead()
@Controller()
export class AdminInvestmentsController {
  constructor(
    private readonly investments: InvestmentReadModels,
    @Inject(DATABASE) private readonly database: Database,
  ) {}

  @Get('admin/investments')
  @ApiRoute({
    summary: `Every member's running investments with the member's name, the first to mature first.${AFTER}`,
    tag: 'Admin',
    query: afterQuery,
    response: adminRunningInvestments,
  })
  async all(@Query('after') after: unknown): Promise<AdminRunningInvestments> {
    return adminRunningInvestments.parse(await this.investments.all(after));
  }

  @Get('admin/users/:id/investments')
  @ApiRoute({
    summary: `One member's running investments, the first to mature first; 404 for an id that is no member's.${AFTER}`,
    tag: 'Admin',
    query: afterQuery,
    response: runningInvestments,
  })
  async ofMember(@Param('id') id: string, @Query('after') after: unknown): Promise<RunningInvestments> {
    const userId = memberIdOf(id);
    const investments = await this.investments.ofMember(userId, after);
    // After the read, which refuses a bad ?after= first, as the other routes do.
    await assertMember(this.database, userId);
    return runningInvestments.parse(investments);
  }
}

import { Controller, Get, Inject, Injectable, Param, Query } from '@nestjs/common';
import {
  adminRunningInvestments,
  readModels,
  runningInvestments,
  type AdminRunningInvestments,
  type RunningInvestments,
} from '@ledgerstone/contracts';
import { formatCents } from '@ledgerstone/ledger';
import { z } from 'zod';
import { MemberOnly, StaffRead } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { Actor } from '../../shared/auth/actor.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { readModelDatabase, readOrEmpty, type InvestmentsTable } from './read-model.tables.js';
import { waitForPosition } from '../../shared/database/read-your-writes.js';

const userIdParameter = z.uuid();

function runningInvestmentOf(row: InvestmentsTable) {
  return {
    id: row.investment_id!,
    plan_name: row.plan_name,
    percentage: row.percentage,
    term_days: row.term_days,
    principal: formatCents(row.principal),
    accrued: formatCents(row.accrued),
    accrued_through: row.accrued_through,
    startedAt: row.started_at!.toISOString(),
    maturesAt: row.matures_at!.toISOString(),
  };
}

/** Running investments from the investments read model, the one that matures first first. */
@Injectable()
export class InvestmentReadModels {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return readModelDatabase(this.database);
  }

  async ofMember(userId: string, after: unknown): Promise<RunningInvestments> {
    await waitForPosition(this.database, after, [readModels.investments]);
    const rows = await readOrEmpty(
      () =>
        this.db
          .selectFrom('rm_investments')
          .selectAll()
          .where('user_id', '=', userId)
          .where('status', '=', 'running')
          .orderBy('matures_at')
          .orderBy('investment_id')
          .execute(),
      [],
    );
    return { data: rows.map(runningInvestmentOf) };
  }

  async all(after: unknown): Promise<AdminRunningInvestments> {
    await waitForPosition(this.database, after, [readModels.investments]);
    const rows = await readOrEmpty(
      () =>
        this.db
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
  constructor(private readonly investments: InvestmentReadModels) {}

  @Get('admin/investments')
  async all(@Query('after') after: unknown): Promise<AdminRunningInvestments> {
    return adminRunningInvestments.parse(await this.investments.all(after));
  }

  @Get('admin/users/:id/investments')
  async ofMember(@Param('id') id: string, @Query('after') after: unknown): Promise<RunningInvestments> {
    return runningInvestments.parse(await this.investments.ofMember(userIdParameter.parse(id), after));
  }
}

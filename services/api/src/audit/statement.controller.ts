import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { accountStatement, statementQuery, type AccountStatement } from '@ledgerstone/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { MemberOnly, StaffRead } from '../shared/auth/access.decorators.js';
import { CurrentActor } from '../shared/auth/current-actor.decorator.js';
import type { Actor } from '../shared/auth/actor.js';
import { AccountStatements } from './account-statements.js';
import { setCsvAttachment, statementCsv } from './audit-csv.js';

const userIdParameter = z.uuid();

function asOf(query: Record<string, unknown>): Date | undefined {
  const { as_of } = statementQuery.parse(query);
  return as_of === undefined ? undefined : new Date(as_of);
}

/** `ledgerstone-statement-2026-11-22.csv`, dated by the statement's as_of (UTC); staff's name the member too. */
function statementFilename(statement: AccountStatement, member?: string): string {
  const day = statement.as_of.slice(0, 10);
  return member ? `ledgerstone-statement-${member}-${day}.csv` : `ledgerstone-statement-${day}.csv`;
}

/** The signed-in member's own statement: no route here takes a user id. */
@MemberOnly()
@Controller('user')
export class MemberStatementController {
  constructor(private readonly statements: AccountStatements) {}

  @Get('statement')
  async statement(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
  ): Promise<AccountStatement> {
    return accountStatement.parse(await this.statements.statement(actor.userId, asOf(query)));
  }

  @Get('statement.csv')
  async statementCsv(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const statement = accountStatement.parse(await this.statements.statement(actor.userId, asOf(query)));
    setCsvAttachment(response, statementFilename(statement));
    return statementCsv(statement);
  }
}

/** Any member's statement, for admins and auditors. */
@StaffRead()
@Controller('admin/users')
export class AdminStatementController {
  constructor(private readonly statements: AccountStatements) {}

  @Get(':id/statement')
  async statement(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<AccountStatement> {
    return this.memberStatement(id, query);
  }

  @Get(':id/statement.csv')
  async statementCsv(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const statement = await this.memberStatement(id, query);
    setCsvAttachment(response, statementFilename(statement, statement.user_id));
    return statementCsv(statement);
  }

  private async memberStatement(id: string, query: Record<string, unknown>): Promise<AccountStatement> {
    const userId = userIdParameter.parse(id);
    const moment = asOf(query);
    await this.statements.assertMember(userId);
    return accountStatement.parse(await this.statements.statement(userId, moment));
  }
}

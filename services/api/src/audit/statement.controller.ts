import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { accountStatement, statementQuery, type AccountStatement } from '@ledgerstone/contracts';
import type { Response } from 'express';
import { MemberOnly, StaffRead } from '../shared/auth/access.decorators.js';
import { CurrentActor } from '../shared/auth/current-actor.decorator.js';
import type { Actor } from '../shared/auth/actor.js';
import { memberIdOf } from '../accounts/index.js';
import { AccountStatements } from './account-statements.js';
import { setCsvAttachment, statementCsv } from './audit-csv.js';
import { ApiRoute } from '../shared/http/api-route.js';

const STATEMENT =
  'read from the event store: every event recorded up to ?as_of= (ISO date-time with offset; now when absent) inclusive, oldest first, each with what it moved, its signed change to the total and the balances after it; head_hash is the hash of the last event included';

const STATEMENT_CSV =
  'as a CSV download (UTF-8 with a byte order mark, CRLF): columns recorded_at, position, event_id, type, amount, change, bucket, reason, available, invested, profit_locked, profit_unlocked, reserved, total, hash; one row per line, then a closing row whose type is "Closing balance", recorded_at the as_of, the bucket columns the balances then and hash the head hash. Reasons starting with = + - @ tab or CR get a leading apostrophe';

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
  @ApiRoute({
    summary: `The member's own statement, ${STATEMENT}`,
    tag: 'Member',
    query: statementQuery,
    response: accountStatement,
  })
  async statement(
    @CurrentActor() actor: Actor,
    @Query() query: Record<string, unknown>,
  ): Promise<AccountStatement> {
    return accountStatement.parse(await this.statements.statement(actor.userId, asOf(query)));
  }

  @Get('statement.csv')
  @ApiRoute({
    summary: `The member's own statement ${STATEMENT_CSV}. File name ledgerstone-statement-YYYY-MM-DD.csv (the as_of day, UTC)`,
    tag: 'Member',
    query: statementQuery,
    response: 'file',
  })
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
  @ApiRoute({
    summary: `A member's statement, ${STATEMENT}; 404 for an unknown user`,
    tag: 'Admin',
    query: statementQuery,
    response: accountStatement,
  })
  async statement(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
  ): Promise<AccountStatement> {
    return this.memberStatement(id, query);
  }

  @Get(':id/statement.csv')
  @ApiRoute({
    summary: `A member's statement ${STATEMENT_CSV}. File name ledgerstone-statement-<user id>-YYYY-MM-DD.csv; 404 for an unknown user`,
    tag: 'Admin',
    query: statementQuery,
    response: 'file',
  })
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
    const userId = memberIdOf(id);
    const moment = asOf(query);
    await this.statements.assertMember(userId);
    return accountStatement.parse(await this.statements.statement(userId, moment));
  }
}

import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import {
  periodSchema,
  sealedPosition,
  trialBalance,
  trialBalanceQuery,
  type TrialBalance,
} from '@ledgerstone/contracts';
import { z } from 'zod';
import type { Response } from 'express';
import { StaffRead } from '../shared/auth/access.decorators.js';
import { ApiRoute } from '../shared/http/api-route.js';
import { setCsvAttachment, trialBalanceCsv } from './audit-csv.js';
import { TrialBalances } from './trial-balance.js';

const TRIAL_BALANCE =
  'the double-entry journal summed per account over every event recorded up to ?as_of= (ISO date-time with offset; now when absent) inclusive: custody per payment method, member liabilities per bucket, adjustments and profit expense, with debit and credit totals. When debits and credits differ the answer says by how much and names the first entry that does not balance. Answered once the journal holds every event recorded up to then (a moment still to come counts as now; 503 if it is still catching up after 5 s). Takes ?after=<position> from a command to wait (up to 2 s) until the answer reflects it';

/** `?after=` as callers send it, sealed; the handler reads it opened (shared/http/sealed-positions). */
const DOCUMENTED_QUERY = trialBalanceQuery.extend({ after: sealedPosition.optional() });

/** The platform's books, for admins and auditors. */
@StaffRead()
@Controller('admin/books')
export class TrialBalanceController {
  constructor(private readonly balances: TrialBalances) {}

  @Get('trial-balance')
  @ApiRoute({
    summary: `The trial balance: ${TRIAL_BALANCE}`,
    tag: 'Admin',
    query: DOCUMENTED_QUERY,
    response: trialBalance,
  })
  async trialBalance(@Query() query: Record<string, unknown>): Promise<TrialBalance> {
    return this.read(query);
  }

  @Get('trial-balance.csv')
  @ApiRoute({
    summary: `The trial balance as a CSV download (UTF-8 with a byte order mark, CRLF): ${TRIAL_BALANCE}. Columns account, name, kind, debit, credit, balance; one row per account, then a row whose account is "Total" with the debit and credit totals and their difference as balance. File name ledgerstone-trial-balance-YYYY-MM-DD.csv (the as_of day, UTC)`,
    tag: 'Admin',
    query: DOCUMENTED_QUERY,
    response: 'file',
  })
  async trialBalanceCsv(
    @Query() query: Record<string, unknown>,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const books = await this.read(query);
    setCsvAttachment(response, `ledgerstone-trial-balance-${books.as_of.slice(0, 10)}.csv`);
    return trialBalanceCsv(books);
  }

  @Get('periods/:period/trial-balance')
  @ApiRoute({
    summary:
      'The trial balance of a closed period (YYYY-MM-DD or YYYY-MM): its closing balances as stored when it was closed, which events recorded later never change; as_of is the end of the period (exclusive). 404 when the period is not closed',
    tag: 'Admin',
    response: trialBalance,
  })
  async closedPeriod(@Param('period') period: string): Promise<TrialBalance> {
    const parsed = z.object({ period: periodSchema }).parse({ period });
    return trialBalance.parse(await this.balances.ofClosedPeriod(parsed.period));
  }

  private async read(query: Record<string, unknown>): Promise<TrialBalance> {
    const { as_of, after } = trialBalanceQuery.parse(query);
    return trialBalance.parse(
      await this.balances.asOf(as_of === undefined ? undefined : new Date(as_of), after),
    );
  }
}

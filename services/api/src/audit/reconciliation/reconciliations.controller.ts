import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  importReconciliationRequest,
  reconciliationList,
  reconciliationRecorded,
  recordReconciliationRequest,
  resolveReconciliationRequest,
  type ReconciliationList,
  type ReconciliationRecorded,
} from '@ledgerstone/contracts';
import { MAX_AMOUNT, parseCents, type Cents } from '@ledgerstone/ledger';
import { z } from 'zod';
import { keyedRequest } from '../../accounts/index.js';
import { AdminOnly, StaffRead } from '../../shared/auth/access.decorators.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { idempotencyKey } from '../../shared/http/idempotency-key.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import { ReconciliationNotFound } from './reconciliation.errors.js';
import { Reconciliations } from './reconciliations.js';

const KEY =
  'An Idempotency-Key header makes a retry return the first answer and record nothing more (the same key with another request is refused, 422)';

/** A reconciliation's id is its day: anything else cannot name one. */
function reconciliationId(id: string): string {
  if (!z.iso.date().safeParse(id).success) throw new ReconciliationNotFound();
  return id;
}

/** The daily client money reconciliation: admins record and resolve, auditors read. */
@Controller('admin/books/reconciliations')
export class ReconciliationsController {
  constructor(private readonly reconciliations: Reconciliations) {}

  @StaffRead()
  @Get()
  @ApiRoute({
    summary:
      "Each day's reconciliation, newest first: per payment method held against the journal's custody at the cutoff, held against member liabilities, and whether it matched, has a difference open, or was resolved (by whom and why)",
    tag: 'Admin',
    response: reconciliationList,
  })
  async list(): Promise<ReconciliationList> {
    return this.reconciliations.list();
  }

  @AdminOnly()
  @Post()
  @ApiRoute({
    summary: `Record the balances held per payment method at a cutoff (every payment method once, amounts of 0 or more): compared at once with the journal at the cutoff and recorded as matched or as a difference. One per day (the cutoff's UTC day): a second is refused (409) and the first stays as entered. Answers 503 while the journal is still taking in recent events. ${KEY}`,
    tag: 'Admin',
    request: recordReconciliationRequest,
    response: reconciliationRecorded,
  })
  async record(
    @CurrentActor() admin: Actor,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @RequestInfo() context: RequestContext,
  ): Promise<ReconciliationRecorded> {
    const request = parseRequest(recordReconciliationRequest, body);
    // The schema took only amounts; one above the largest the ledger takes is left for the decider to refuse.
    const held: Record<string, Cents> = Object.fromEntries(
      Object.entries(request.held).map(([methodId, amount]) => [
        methodId,
        parseCents(amount) ?? MAX_AMOUNT + 1n,
      ]),
    );
    return this.reconciliations.record(
      admin,
      new Date(request.cutoff),
      held,
      keyedRequest(idempotencyKey(key), { record: request }),
      context,
    );
  }

  @AdminOnly()
  @Post('import')
  @ApiRoute({
    summary: `The same from a CSV in the body's "csv" field: a header payment_method,amount (optional), then one row per payment method, by its name or id. Every row is checked; any bad row and nothing is recorded, with each row's problem in fieldErrors.csv ("Row 3: ..."). ${KEY}`,
    tag: 'Admin',
    request: importReconciliationRequest,
    response: reconciliationRecorded,
  })
  async import(
    @CurrentActor() admin: Actor,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @RequestInfo() context: RequestContext,
  ): Promise<ReconciliationRecorded> {
    const request = parseRequest(importReconciliationRequest, body);
    return this.reconciliations.importCsv(
      admin,
      new Date(request.cutoff),
      request.csv,
      keyedRequest(idempotencyKey(key), { import: request }),
      context,
    );
  }

  @AdminOnly()
  @Post(':id/resolve')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: `Resolve a day's open difference with a reason (3 to 500 characters): recorded with the admin, the difference's figures stay as found. A matched or already resolved day is refused (409). ${KEY}`,
    tag: 'Admin',
    request: resolveReconciliationRequest,
    response: reconciliationRecorded,
  })
  async resolve(
    @CurrentActor() admin: Actor,
    @Param('id') id: string,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @RequestInfo() context: RequestContext,
  ): Promise<ReconciliationRecorded> {
    const { reason } = parseRequest(resolveReconciliationRequest, body);
    const day = reconciliationId(id);
    return this.reconciliations.resolve(
      admin,
      day,
      reason,
      keyedRequest(idempotencyKey(key), { resolve: { id: day, reason } }),
      context,
    );
  }
}

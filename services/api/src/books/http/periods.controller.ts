import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Headers, Post } from '@nestjs/common';
import {
  closedPeriodList,
  closePeriodRequest,
  closePeriodResponse,
  logPositionParameter,
  proposalResponse,
  type ClosedPeriodList,
  type ClosePeriodResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import { FourEyes } from '../../shared/approvals/four-eyes.js';
import { AdminOnly, StaffRead } from '../../shared/auth/access.decorators.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { idempotencyKey } from '../../shared/http/idempotency-key.js';
import { ClosedPeriods } from '../application/closed-periods.js';
import { PeriodClosing } from '../application/period-closing.js';

/** Closing the books of a UTC day or month; auditors read the closes, admins close. */
@Controller('admin/books/periods')
export class PeriodsController {
  constructor(
    private readonly closing: PeriodClosing,
    private readonly periods: ClosedPeriods,
    private readonly fourEyes: FourEyes,
  ) {}

  @AdminOnly()
  @Post()
  @ApiRoute({
    summary:
      "Close a UTC day (YYYY-MM-DD) or month (YYYY-MM) once it has ended: the books folded from the event store up to its end are kept as its closing balances for good, with the hash of the last event counted, and the Merkle sum tree of members' balances is published (PeriodClosed on books-period-<period>). A period closes once; the same Idempotency-Key again answers the close it made. With four eyes on, answers 202 with the proposal",
    tag: 'Admin',
    request: closePeriodRequest,
    response: closePeriodResponse.or(proposalResponse),
  })
  async close(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @Headers('idempotency-key') key: string | undefined,
    @RequestInfo() request: RequestContext,
  ): Promise<ClosePeriodResponse | ProposalResponse> {
    const { period } = closePeriodRequest.parse(body);
    const requestKey = idempotencyKey(key) ?? randomUUID();
    if (this.fourEyes.requires('ClosePeriod', null)) {
      return this.fourEyes.propose(actor, await this.closing.proposal(period), request);
    }
    // The position is sealed on its way out (shared/http/sealed-positions), after this check.
    return closePeriodResponse
      .extend({ position: logPositionParameter.nullable() })
      .parse(await this.closing.close(period, actor, request, requestKey));
  }

  @StaffRead()
  @Get()
  @ApiRoute({
    summary:
      'Every closed period, latest first: its bounds, who closed it and when, the entries counted, the Merkle root and total of the proof of liabilities, and the last event counted with its hash',
    tag: 'Admin',
    response: closedPeriodList,
  })
  async list(): Promise<ClosedPeriodList> {
    return closedPeriodList.parse({ periods: await this.periods.list() });
  }
}

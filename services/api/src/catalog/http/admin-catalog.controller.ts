import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import {
  createPaymentMethodRequest,
  createPlanRequest,
  paymentMethodChangeResponse,
  paymentMethodListResponse,
  planChangeResponse,
  planListQuery,
  planListResponse,
  updatePaymentMethodRequest,
  updatePlanRequest,
  type PaymentMethodChangeResponse,
  type PaymentMethodListResponse,
  type PlanChangeResponse,
  type PlanListResponse,
  proposalResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import { AdminOnly, StaffRead } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CatalogAdmin, type CatalogChangeContext } from '../application/catalog-admin.js';
import { CatalogService } from '../application/catalog.service.js';
import { CatalogProposals } from '../application/catalog-proposals.js';
import { onlyDeactivates } from '../domain/catalog.js';
import { FourEyes } from '../../shared/approvals/four-eyes.js';
import { paymentMethodResponse, planResponse, withPosition } from './catalog-responses.js';
import { ApiRoute } from '../../shared/http/api-route.js';

function changeContext(actor: Actor, request: RequestContext): CatalogChangeContext {
  return { actorId: actor.userId, actorRole: actor.role, requestId: request.requestId };
}

/** Every plan and payment method, active or not; auditors read, admins change. */
@Controller('admin')
export class AdminCatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly admin: CatalogAdmin,
    private readonly proposals: CatalogProposals,
    private readonly fourEyes: FourEyes,
  ) {}

  @StaffRead()
  @Get('plans')
  @ApiRoute({
    summary: 'Every plan, active or not (?kind=crypto|real_estate)',
    tag: 'Admin',
    query: planListQuery,
    response: planListResponse,
  })
  async plans(@Query() query: unknown): Promise<PlanListResponse> {
    const { kind } = planListQuery.parse(query);
    const plans = await this.catalog.plans({ kind, includeInactive: true });
    return { plans: plans.map(planResponse) };
  }

  @AdminOnly()
  @Post('plans')
  @ApiRoute({
    summary: 'Create a plan (version 1); recorded as PlanCreated',
    tag: 'Admin',
    request: createPlanRequest,
    response: planChangeResponse.or(proposalResponse),
  })
  async createPlan(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @RequestInfo() request: RequestContext,
  ): Promise<PlanChangeResponse | ProposalResponse> {
    const plan = createPlanRequest.parse(body);
    if (this.fourEyes.requires('CreatePlan', null)) {
      return this.fourEyes.propose(actor, await this.proposals.planCreation(plan), request);
    }
    const { item, position } = await this.admin.createPlan(plan, changeContext(actor, request));
    return withPosition(planResponse(item), position);
  }

  @AdminOnly()
  @Patch('plans/:id')
  @ApiRoute({
    summary:
      'Change a plan: new terms make a new version (running investments keep theirs); recorded as PlanChanged',
    tag: 'Admin',
    request: updatePlanRequest,
    response: planChangeResponse.or(proposalResponse),
  })
  async changePlan(
    @CurrentActor() actor: Actor,
    @Param('id') planId: string,
    @Body() body: unknown,
    @RequestInfo() request: RequestContext,
  ): Promise<PlanChangeResponse | ProposalResponse> {
    const change = updatePlanRequest.parse(body);
    if (onlyDeactivates(change)) return this.deactivatePlan(actor, planId, request);
    if (this.fourEyes.requires('ChangePlan', null)) {
      return this.fourEyes.propose(actor, await this.proposals.planChange(planId, change), request);
    }
    const { item, position } = await this.admin.changePlan(planId, change, changeContext(actor, request));
    return withPosition(planResponse(item), position);
  }

  @AdminOnly()
  @Post('plans/:id/deactivate')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Stop offering a plan (running investments go on); recorded as PlanDeactivated',
    tag: 'Admin',
    response: planChangeResponse,
  })
  async deactivatePlan(
    @CurrentActor() actor: Actor,
    @Param('id') planId: string,
    @RequestInfo() request: RequestContext,
  ): Promise<PlanChangeResponse> {
    const { item, position } = await this.admin.deactivatePlan(planId, changeContext(actor, request));
    return withPosition(planResponse(item), position);
  }

  @StaffRead()
  @Get('payment-methods')
  @ApiRoute({
    summary: 'Every payment method, active or not',
    tag: 'Admin',
    response: paymentMethodListResponse,
  })
  async paymentMethods(): Promise<PaymentMethodListResponse> {
    const methods = await this.catalog.paymentMethods({ includeInactive: true });
    return { paymentMethods: methods.map(paymentMethodResponse) };
  }

  @AdminOnly()
  @Post('payment-methods')
  @ApiRoute({
    summary:
      'Create a payment method (the address is checked for the network); recorded as PaymentMethodCreated',
    tag: 'Admin',
    request: createPaymentMethodRequest,
    response: paymentMethodChangeResponse.or(proposalResponse),
  })
  async createPaymentMethod(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @RequestInfo() request: RequestContext,
  ): Promise<PaymentMethodChangeResponse | ProposalResponse> {
    const method = createPaymentMethodRequest.parse(body);
    if (this.fourEyes.requires('CreatePaymentMethod', null)) {
      return this.fourEyes.propose(actor, await this.proposals.paymentMethodCreation(method), request);
    }
    const { item, position } = await this.admin.createPaymentMethod(method, changeContext(actor, request));
    return withPosition(paymentMethodResponse(item), position);
  }

  @AdminOnly()
  @Patch('payment-methods/:id')
  @ApiRoute({
    summary:
      'Change a payment method; recorded as PaymentMethodChanged (a new receiving address waits for a second admin when approvals are on)',
    tag: 'Admin',
    request: updatePaymentMethodRequest,
    response: paymentMethodChangeResponse.or(proposalResponse),
  })
  async changePaymentMethod(
    @CurrentActor() actor: Actor,
    @Param('id') paymentMethodId: string,
    @Body() body: unknown,
    @RequestInfo() request: RequestContext,
  ): Promise<PaymentMethodChangeResponse | ProposalResponse> {
    const change = updatePaymentMethodRequest.parse(body);
    if (onlyDeactivates(change)) return this.deactivatePaymentMethod(actor, paymentMethodId, request);
    if (this.fourEyes.requires('ChangePaymentMethod', null)) {
      const proposal = await this.proposals.paymentMethodAddressChange(paymentMethodId, change);
      if (proposal) return this.fourEyes.propose(actor, proposal, request);
    }
    const { item, position } = await this.admin.changePaymentMethod(
      paymentMethodId,
      change,
      changeContext(actor, request),
    );
    return withPosition(paymentMethodResponse(item), position);
  }

  @AdminOnly()
  @Post('payment-methods/:id/deactivate')
  @HttpCode(HttpStatus.OK)
  @ApiRoute({
    summary: 'Stop offering a payment method; recorded as PaymentMethodDeactivated',
    tag: 'Admin',
    response: paymentMethodChangeResponse,
  })
  async deactivatePaymentMethod(
    @CurrentActor() actor: Actor,
    @Param('id') paymentMethodId: string,
    @RequestInfo() request: RequestContext,
  ): Promise<PaymentMethodChangeResponse> {
    const { item, position } = await this.admin.deactivatePaymentMethod(
      paymentMethodId,
      changeContext(actor, request),
    );
    return withPosition(paymentMethodResponse(item), position);
  }
}

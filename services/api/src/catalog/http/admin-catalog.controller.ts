import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import {
  createPaymentMethodRequest,
  createPlanRequest,
  planListQuery,
  updatePaymentMethodRequest,
  updatePlanRequest,
  type PaymentMethodChangeResponse,
  type PaymentMethodListResponse,
  type PlanChangeResponse,
  type PlanListResponse,
} from '@ledgerstone/contracts';
import { AdminOnly, StaffRead } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CatalogAdmin, type CatalogChangeContext } from '../application/catalog-admin.js';
import { CatalogService } from '../application/catalog.service.js';
import { paymentMethodResponse, planResponse, withPosition } from './catalog-responses.js';

function changeContext(actor: Actor, request: RequestContext): CatalogChangeContext {
  return { actorId: actor.userId, actorRole: actor.role, requestId: request.requestId };
}

/** Every plan and payment method, active or not; auditors read, admins change. */
@Controller('admin')
export class AdminCatalogController {
  constructor(
    private readonly catalog: CatalogService,
    private readonly admin: CatalogAdmin,
  ) {}

  @StaffRead()
  @Get('plans')
  async plans(@Query() query: unknown): Promise<PlanListResponse> {
    const { kind } = planListQuery.parse(query);
    const plans = await this.catalog.plans({ kind, includeInactive: true });
    return { plans: plans.map(planResponse) };
  }

  @AdminOnly()
  @Post('plans')
  async createPlan(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @RequestInfo() request: RequestContext,
  ): Promise<PlanChangeResponse> {
    const { item, position } = await this.admin.createPlan(
      createPlanRequest.parse(body),
      changeContext(actor, request),
    );
    return withPosition(planResponse(item), position);
  }

  @AdminOnly()
  @Patch('plans/:id')
  async changePlan(
    @CurrentActor() actor: Actor,
    @Param('id') planId: string,
    @Body() body: unknown,
    @RequestInfo() request: RequestContext,
  ): Promise<PlanChangeResponse> {
    const { item, position } = await this.admin.changePlan(
      planId,
      updatePlanRequest.parse(body),
      changeContext(actor, request),
    );
    return withPosition(planResponse(item), position);
  }

  @AdminOnly()
  @Post('plans/:id/deactivate')
  @HttpCode(HttpStatus.OK)
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
  async paymentMethods(): Promise<PaymentMethodListResponse> {
    const methods = await this.catalog.paymentMethods({ includeInactive: true });
    return { paymentMethods: methods.map(paymentMethodResponse) };
  }

  @AdminOnly()
  @Post('payment-methods')
  async createPaymentMethod(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @RequestInfo() request: RequestContext,
  ): Promise<PaymentMethodChangeResponse> {
    const { item, position } = await this.admin.createPaymentMethod(
      createPaymentMethodRequest.parse(body),
      changeContext(actor, request),
    );
    return withPosition(paymentMethodResponse(item), position);
  }

  @AdminOnly()
  @Patch('payment-methods/:id')
  async changePaymentMethod(
    @CurrentActor() actor: Actor,
    @Param('id') paymentMethodId: string,
    @Body() body: unknown,
    @RequestInfo() request: RequestContext,
  ): Promise<PaymentMethodChangeResponse> {
    const { item, position } = await this.admin.changePaymentMethod(
      paymentMethodId,
      updatePaymentMethodRequest.parse(body),
      changeContext(actor, request),
    );
    return withPosition(paymentMethodResponse(item), position);
  }

  @AdminOnly()
  @Post('payment-methods/:id/deactivate')
  @HttpCode(HttpStatus.OK)
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

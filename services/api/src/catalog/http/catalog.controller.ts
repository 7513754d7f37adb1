import { Controller, Get, Query } from '@nestjs/common';
import {
  paymentMethodListResponse,
  planListQuery,
  planListResponse,
  type PaymentMethodListResponse,
  type PlanListResponse,
} from '@ledgerstone/contracts';
import { Public } from '../../shared/auth/access.decorators.js';
import { CatalogService } from '../application/catalog.service.js';
import { paymentMethodResponse, planResponse } from './catalog-responses.js';
import { ApiRoute } from '../../shared/http/api-route.js';

/** The active catalog. Public: the public site shows the plans to visitors before they sign up. */
@Public()
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('plans')
  @ApiRoute({
    summary:
      'Active plans, optionally of one kind (?kind=crypto|real_estate); public, the site shows them to visitors',
    tag: 'Member',
    query: planListQuery,
    response: planListResponse,
  })
  async plans(@Query() query: unknown): Promise<PlanListResponse> {
    const { kind } = planListQuery.parse(query);
    const plans = await this.catalog.plans({ kind });
    return { plans: plans.map(planResponse) };
  }

  @Get('payment-methods')
  @ApiRoute({
    summary: 'Active payment methods with their receiving addresses, in display order',
    tag: 'Member',
    response: paymentMethodListResponse,
  })
  async paymentMethods(): Promise<PaymentMethodListResponse> {
    const methods = await this.catalog.paymentMethods({});
    return { paymentMethods: methods.map(paymentMethodResponse) };
  }
}

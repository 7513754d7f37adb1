import { Controller, Get, Query } from '@nestjs/common';
import { planListQuery, type PaymentMethodListResponse, type PlanListResponse } from '@ledgerstone/contracts';
import { Public } from '../../shared/auth/access.decorators.js';
import { CatalogService } from '../application/catalog.service.js';
import { paymentMethodResponse, planResponse } from './catalog-responses.js';

/** The active catalog. Public: the public site shows the plans to visitors before they sign up. */
@Public()
@Controller()
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('plans')
  async plans(@Query() query: unknown): Promise<PlanListResponse> {
    const { kind } = planListQuery.parse(query);
    const plans = await this.catalog.plans({ kind });
    return { plans: plans.map(planResponse) };
  }

  @Get('payment-methods')
  async paymentMethods(): Promise<PaymentMethodListResponse> {
    const methods = await this.catalog.paymentMethods({});
    return { paymentMethods: methods.map(paymentMethodResponse) };
  }
}

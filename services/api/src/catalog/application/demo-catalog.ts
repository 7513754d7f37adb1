import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  createPaymentMethodRequest,
  createPlanRequest,
  type CreatePaymentMethodRequest,
  type CreatePlanRequest,
} from '@ledgerstone/contracts';
import { CatalogAdmin } from './catalog-admin.js';

/** The crypto plans of variant A, terms growing with the tier. */
const CRYPTO_PLANS = [
  { name: 'BASIC', percentage: '50', termDays: 30, minAmount: '1000', maxAmount: '10000' },
  { name: 'SILVER', percentage: '300', termDays: 60, minAmount: '5000', maxAmount: '49999' },
  { name: 'GOLD', percentage: '400', termDays: 90, minAmount: '50000', maxAmount: '99999' },
  { name: 'PLATINUM', percentage: '150', termDays: 180, minAmount: '100000', maxAmount: '10000000' },
].map((plan) => ({ ...plan, kind: 'crypto' }));

/** Returns in the range property funds state for a year or two. */
const REAL_ESTATE_PLANS = [
  { name: 'RENTAL INCOME', percentage: '6', termDays: 365, minAmount: '5000', maxAmount: '250000' },
  { name: 'COMMERCIAL PROPERTY', percentage: '8', termDays: 540, minAmount: '10000', maxAmount: '500000' },
  { name: 'PROPERTY DEVELOPMENT', percentage: '12', termDays: 730, minAmount: '25000', maxAmount: '1000000' },
].map((plan) => ({ ...plan, kind: 'real_estate' }));

/**
 * Published example addresses (BIP-13, EIP-55, Dogecoin and XRP library tests, Solana's documentation) that pass
 * the network checks. An operator replaces them before taking real deposits; production does not seed.
 */
const PAYMENT_METHODS = [
  { name: 'BITCOIN', network: 'bitcoin', address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' },
  { name: 'ETHEREUM', network: 'ethereum', address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' },
  // ERC-20 USDT is received on Ethereum.
  { name: 'USDT', network: 'ethereum', address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB' },
  { name: 'DOGECOIN', network: 'dogecoin', address: 'DNkkfdUvkCDiywYE98MTVp9nQJTgeZAiFr' },
  { name: 'XRP', network: 'xrp', address: 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59' },
  { name: 'SOLANA', network: 'solana', address: 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg' },
].map((method, displayOrder) => ({ ...method, displayOrder }));

export const DEMO_PLANS: readonly CreatePlanRequest[] = [...CRYPTO_PLANS, ...REAL_ESTATE_PLANS].map((plan) =>
  createPlanRequest.parse(plan),
);

export const DEMO_PAYMENT_METHODS: readonly CreatePaymentMethodRequest[] = PAYMENT_METHODS.map((method) =>
  createPaymentMethodRequest.parse(method),
);

/** At start (SEED_DEMO_DATA): an empty catalog gets the demo plans and payment methods, recorded as the system's. */
@Injectable()
export class DemoCatalog {
  private readonly logger = new Logger('DemoCatalog');

  constructor(private readonly admin: CatalogAdmin) {}

  /** True when this call seeded; false when the catalog already had plans or payment methods. */
  async seed(): Promise<boolean> {
    const seeded = await this.admin.seedIfEmpty([...DEMO_PLANS], [...DEMO_PAYMENT_METHODS], {
      actorRole: 'system',
      requestId: randomUUID(),
    });
    if (seeded) {
      this.logger.log(`seeded ${DEMO_PLANS.length} plans and ${DEMO_PAYMENT_METHODS.length} payment methods`);
    }
    return seeded;
  }
}

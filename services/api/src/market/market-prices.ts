import { Inject, Injectable, Logger } from '@nestjs/common';
import type { MarketPrices as MarketPricesAnswer } from '@ledgerstone/contracts';
import { CLOCK, type Clock } from '../shared/clock/clock.js';
import { MARKET_PRICE_PROVIDER, type MarketPriceProvider } from './market-price-provider.js';
import { MarketPricesUnavailableError } from './market.errors.js';

const CACHE_MS = 60_000;

/** The quotes of the configured provider, kept a minute so every dashboard shares one fetch. */
@Injectable()
export class MarketPrices {
  private readonly logger = new Logger('MarketPrices');
  private cached: { expiresAt: number; answer: Promise<MarketPricesAnswer> } | undefined;

  constructor(
    @Inject(MARKET_PRICE_PROVIDER) private readonly provider: MarketPriceProvider,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async current(): Promise<MarketPricesAnswer> {
    const now = this.clock.now();
    if (!this.cached || this.cached.expiresAt <= now.getTime()) {
      // Callers arriving while a fetch runs share it; a failed fetch is not kept.
      const answer = this.fetch(now);
      const entry = { expiresAt: now.getTime() + CACHE_MS, answer };
      this.cached = entry;
      answer.catch(() => {
        if (this.cached === entry) this.cached = undefined;
      });
    }
    return this.cached.answer;
  }

  private async fetch(now: Date): Promise<MarketPricesAnswer> {
    try {
      const data = await this.provider.quotes(now);
      return { data, source: this.provider.source, asOf: now.toISOString() };
    } catch (error) {
      this.logger.warn(
        `${this.provider.source} prices failed: ${error instanceof Error ? error.message : error}`,
      );
      throw new MarketPricesUnavailableError();
    }
  }
}

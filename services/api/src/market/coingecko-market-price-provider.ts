import type { MarketQuote } from '@ledgerstone/contracts';
import { z } from 'zod';
import {
  formatPercent,
  formatUsdPrice,
  MARKET_ASSETS,
  type MarketPriceProvider,
} from './market-price-provider.js';

const TIMEOUT_MS = 3_000;

const simplePriceAnswer = z.record(
  z.string(),
  z.object({ usd: z.number().nonnegative(), usd_24h_change: z.number().nullable().optional() }),
);

/** CoinGecko's public `simple/price` api: US-dollar prices and their change over 24 hours. */
export class CoinGeckoMarketPriceProvider implements MarketPriceProvider {
  readonly source = 'coingecko';

  /** `baseUrl`: the api root, e.g. https://api.coingecko.com/api/v3. */
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = TIMEOUT_MS,
  ) {}

  async quotes(): Promise<MarketQuote[]> {
    const url = new URL(`${this.baseUrl.replace(/\/+$/, '')}/simple/price`);
    url.searchParams.set('ids', MARKET_ASSETS.map((asset) => asset.coinGeckoId).join(','));
    url.searchParams.set('vs_currencies', 'usd');
    url.searchParams.set('include_24hr_change', 'true');
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!response.ok) throw new Error(`CoinGecko answered ${response.status}`);
    const prices = simplePriceAnswer.parse(await response.json());
    return MARKET_ASSETS.map(({ symbol, name, coinGeckoId }) => {
      const quote = prices[coinGeckoId];
      if (!quote) throw new Error(`CoinGecko sent no price for ${coinGeckoId}`);
      return {
        symbol,
        name,
        price: formatUsdPrice(quote.usd),
        change24h: formatPercent(quote.usd_24h_change ?? 0),
      };
    });
  }
}

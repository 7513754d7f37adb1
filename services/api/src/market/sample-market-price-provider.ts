import type { MarketQuote } from '@ledgerstone/contracts';
import {
  formatPercent,
  formatUsdPrice,
  MARKET_ASSETS,
  type MarketPriceProvider,
  type MarketSymbol,
} from './market-price-provider.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Typical prices and how far each asset swings (a fraction of its price); a stablecoin barely moves. */
const SAMPLE_MARKET: Record<MarketSymbol, { basePrice: number; swing: number }> = {
  BTC: { basePrice: 96_500, swing: 0.03 },
  ETH: { basePrice: 3_450, swing: 0.04 },
  USDT: { basePrice: 1, swing: 0.0005 },
  SOL: { basePrice: 185, swing: 0.05 },
  XRP: { basePrice: 2.35, swing: 0.05 },
  DOGE: { basePrice: 0.32, swing: 0.06 },
  BNB: { basePrice: 655, swing: 0.03 },
  ADA: { basePrice: 0.86, swing: 0.05 },
};

/**
 * The price of an asset at a moment: two waves whose periods (31 h and 5 h) do not divide a day, so the price
 * moves through the day and differs from the same time yesterday. Each asset has its own phase.
 */
function samplePrice(symbol: MarketSymbol, index: number, at: number): number {
  const { basePrice, swing } = SAMPLE_MARKET[symbol];
  const phase = index * 1.7;
  const slow = Math.sin((2 * Math.PI * at) / (31 * HOUR_MS) + phase);
  const fast = Math.sin((2 * Math.PI * at) / (5 * HOUR_MS) + 2 * phase);
  return basePrice * (1 + swing * (0.8 * slow + 0.2 * fast));
}

/** Offline figures that look like a market and move with the clock: the default, and what tests use. */
export class SampleMarketPriceProvider implements MarketPriceProvider {
  readonly source = 'sample';

  quotes(now: Date): Promise<MarketQuote[]> {
    const at = now.getTime();
    return Promise.resolve(
      MARKET_ASSETS.map(({ symbol, name }, index) => {
        const price = samplePrice(symbol, index, at);
        const dayAgo = samplePrice(symbol, index, at - DAY_MS);
        return {
          symbol,
          name,
          price: formatUsdPrice(price),
          change24h: formatPercent(((price - dayAgo) / dayAgo) * 100),
        };
      }),
    );
  }
}

import type { MarketQuote } from '@ledgerstone/contracts';

/** A source of US-dollar quotes for the assets of the price ticker. */
export interface MarketPriceProvider {
  /** Named in the answer, so nobody mistakes sample figures for the market. */
  readonly source: string;
  /** One quote per asset of `MARKET_ASSETS`, in that order; throws when the source cannot answer. */
  quotes(now: Date): Promise<MarketQuote[]>;
}

export const MARKET_PRICE_PROVIDER = Symbol('MarketPriceProvider');

export interface MarketAsset {
  symbol: string;
  name: string;
  /** The asset's id at CoinGecko. */
  coinGeckoId: string;
}

export const MARKET_ASSETS = [
  { symbol: 'BTC', name: 'Bitcoin', coinGeckoId: 'bitcoin' },
  { symbol: 'ETH', name: 'Ethereum', coinGeckoId: 'ethereum' },
  { symbol: 'USDT', name: 'Tether', coinGeckoId: 'tether' },
  { symbol: 'SOL', name: 'Solana', coinGeckoId: 'solana' },
  { symbol: 'XRP', name: 'XRP', coinGeckoId: 'ripple' },
  { symbol: 'DOGE', name: 'Dogecoin', coinGeckoId: 'dogecoin' },
  { symbol: 'BNB', name: 'BNB', coinGeckoId: 'binancecoin' },
  { symbol: 'ADA', name: 'Cardano', coinGeckoId: 'cardano' },
] as const satisfies readonly MarketAsset[];

export type MarketSymbol = (typeof MARKET_ASSETS)[number]['symbol'];

/** Two decimals from $1 up; below $1, up to eight, so a $0.00001234 coin does not read as $0.00. */
export function formatUsdPrice(price: number): string {
  if (price >= 1) return price.toFixed(2);
  const [whole = '0', decimals = ''] = price.toFixed(8).split('.');
  return `${whole}.${decimals.replace(/0+$/, '').padEnd(2, '0')}`;
}

/** A percentage with two decimals; a change that rounds to nothing reads "0.00", not "-0.00". */
export function formatPercent(change: number): string {
  const fixed = change.toFixed(2);
  return fixed === '-0.00' ? '0.00' : fixed;
}

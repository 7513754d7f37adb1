import { describe, expect, it } from '@jest/globals';
import { marketQuote } from '@ledgerstone/contracts';
import { formatPercent, formatUsdPrice } from './market-price-provider.js';
import { SampleMarketPriceProvider } from './sample-market-price-provider.js';

const provider = new SampleMarketPriceProvider();
const NOON = new Date('2026-11-21T12:00:00.000Z');

function priceOf(quotes: { symbol: string; price: string }[], symbol: string): number {
  return Number(quotes.find((quote) => quote.symbol === symbol)?.price);
}

describe('SampleMarketPriceProvider', () => {
  it('quotes the eight ticker assets in order, in the contract shape, as "sample"', async () => {
    const quotes = await provider.quotes(NOON);

    expect(provider.source).toBe('sample');
    expect(quotes.map((quote) => quote.symbol)).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'SOL',
      'XRP',
      'DOGE',
      'BNB',
      'ADA',
    ]);
    for (const quote of quotes) expect(marketQuote.parse(quote)).toEqual(quote);
  });

  it('gives prices near each asset’s usual level, a stablecoin within a cent of $1', async () => {
    const quotes = await provider.quotes(NOON);

    expect(priceOf(quotes, 'BTC')).toBeGreaterThan(80_000);
    expect(priceOf(quotes, 'BTC')).toBeLessThan(110_000);
    expect(priceOf(quotes, 'ETH')).toBeGreaterThan(2_500);
    expect(priceOf(quotes, 'ETH')).toBeLessThan(4_500);
    expect(Math.abs(priceOf(quotes, 'USDT') - 1)).toBeLessThanOrEqual(0.01);
    expect(priceOf(quotes, 'DOGE')).toBeLessThan(1);
  });

  it('answers the same for the same moment and moves over the day', async () => {
    const noon = await provider.quotes(NOON);
    const evening = await provider.quotes(new Date('2026-11-21T18:00:00.000Z'));

    expect(await provider.quotes(new Date(NOON))).toEqual(noon);
    expect(priceOf(evening, 'BTC')).not.toBe(priceOf(noon, 'BTC'));
    expect(evening.map((quote) => quote.change24h)).not.toEqual(noon.map((quote) => quote.change24h));
  });

  it('reports the change since the same time yesterday', async () => {
    const yesterday = await provider.quotes(new Date('2026-11-20T12:00:00.000Z'));
    const today = await provider.quotes(NOON);
    const expected = ((priceOf(today, 'BTC') - priceOf(yesterday, 'BTC')) / priceOf(yesterday, 'BTC')) * 100;

    expect(Number(today[0]?.change24h)).toBeCloseTo(expected, 1);
  });
});

describe('price formatting', () => {
  it.each([
    [96_512.345, '96512.35'],
    [1, '1.00'],
    [0.5, '0.50'],
    [0.32145678912, '0.32145679'],
    [0.00001234, '0.00001234'],
    [0, '0.00'],
  ])('formats $%d as "%s"', (price, expected) => {
    expect(formatUsdPrice(price)).toBe(expected);
  });

  it.each([
    [2.345, '2.35'],
    [-1.2, '-1.20'],
    [-0.001, '0.00'],
  ])('formats a %d%% change as "%s"', (change, expected) => {
    expect(formatPercent(change)).toBe(expected);
  });
});

import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from '../shared/config/config.js';

describe('market prices config', () => {
  it('uses the offline sample provider unless told otherwise', () => {
    expect(loadConfig({}).marketPrices).toEqual({
      provider: 'sample',
      coinGeckoUrl: 'https://api.coingecko.com/api/v3',
    });
  });

  it('reads the coingecko provider and its url', () => {
    expect(
      loadConfig({
        MARKET_PRICES_PROVIDER: 'coingecko',
        MARKET_PRICES_COINGECKO_URL: 'https://pro-api.coingecko.com/api/v3',
      }).marketPrices,
    ).toEqual({ provider: 'coingecko', coinGeckoUrl: 'https://pro-api.coingecko.com/api/v3' });
  });

  it('refuses an unknown provider at boot', () => {
    expect(() => loadConfig({ MARKET_PRICES_PROVIDER: 'binance' })).toThrow(ConfigError);
    expect(() => loadConfig({ MARKET_PRICES_PROVIDER: 'binance' })).toThrow(/MARKET_PRICES_PROVIDER/);
  });
});

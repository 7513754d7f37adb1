import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { marketPrices } from '@ledgerstone/contracts';
import { startIdentityTestApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { MARKET_PRICES_UNAVAILABLE } from './market.errors.js';
import { RECORDED_ANSWER, startCoinGeckoStub, type CoinGeckoStub } from './testing/coingecko-stub.js';

describe('GET /api/market/prices with the default sample provider', () => {
  let testApp: IdentityTestApp;

  beforeAll(async () => {
    testApp = await startIdentityTestApp('market_sample');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('answers anyone, without a session, with the eight sample quotes', async () => {
    const response = await testApp.bare().get('/api/market/prices').expect(200);

    expect(marketPrices.parse(response.body)).toEqual(response.body);
    expect(response.body).toMatchObject({ source: 'sample', asOf: testApp.clock.now().toISOString() });
    expect(response.body.data.map((quote: { symbol: string }) => quote.symbol)).toEqual([
      'BTC',
      'ETH',
      'USDT',
      'SOL',
      'XRP',
      'DOGE',
      'BNB',
      'ADA',
    ]);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('keeps an answer for a minute, then quotes again', async () => {
    const first = await testApp.bare().get('/api/market/prices').expect(200);
    testApp.clock.advanceMinutes(0.5);
    const cached = await testApp.bare().get('/api/market/prices').expect(200);
    testApp.clock.advanceMinutes(1);
    const fresh = await testApp.bare().get('/api/market/prices').expect(200);

    expect(cached.body).toEqual(first.body);
    expect(fresh.body.asOf).toBe(testApp.clock.now().toISOString());
    expect(fresh.body.data).not.toEqual(first.body.data);
  });
});

describe('GET /api/market/prices with MARKET_PRICES_PROVIDER=coingecko', () => {
  let testApp: IdentityTestApp;
  let coinGecko: CoinGeckoStub;

  beforeAll(async () => {
    coinGecko = await startCoinGeckoStub();
    testApp = await startIdentityTestApp('market_coingecko', {
      MARKET_PRICES_PROVIDER: 'coingecko',
      MARKET_PRICES_COINGECKO_URL: coinGecko.url,
    });
  });

  afterAll(async () => {
    await testApp?.close();
    await coinGecko?.close();
  });

  it("answers CoinGecko's prices and asks it at most once a minute", async () => {
    const first = await testApp.bare().get('/api/market/prices').expect(200);
    await testApp.bare().get('/api/market/prices').expect(200);

    expect(first.body).toMatchObject({
      source: 'coingecko',
      asOf: testApp.clock.now().toISOString(),
      data: expect.arrayContaining([
        { symbol: 'BTC', name: 'Bitcoin', price: '97234.12', change24h: '1.84' },
      ]),
    });
    expect(coinGecko.requests).toHaveLength(1);
  });

  it('answers 503 with a message when CoinGecko fails, and recovers without waiting out the cache', async () => {
    testApp.clock.advanceMinutes(1);
    coinGecko.answer = { status: 500, body: '{}' };

    const failed = await testApp.bare().get('/api/market/prices').expect(503);
    coinGecko.answer = { status: 200, body: RECORDED_ANSWER };
    const recovered = await testApp.bare().get('/api/market/prices').expect(200);

    expect(failed.body).toEqual({ message: MARKET_PRICES_UNAVAILABLE });
    expect(recovered.body.source).toBe('coingecko');
  });
});

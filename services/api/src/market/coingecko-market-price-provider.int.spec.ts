import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CoinGeckoMarketPriceProvider } from './coingecko-market-price-provider.js';
import { RECORDED_ANSWER, startCoinGeckoStub, type CoinGeckoStub } from './testing/coingecko-stub.js';

let stub: CoinGeckoStub;

beforeAll(async () => {
  stub = await startCoinGeckoStub();
});

afterAll(async () => {
  await stub?.close();
});

describe('CoinGeckoMarketPriceProvider', () => {
  it('asks simple/price for the ticker ids in US dollars with the 24-hour change', async () => {
    stub.answer = { status: 200, body: RECORDED_ANSWER };
    stub.requests.length = 0;

    await new CoinGeckoMarketPriceProvider(stub.url).quotes();

    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request?.pathname).toBe('/api/v3/simple/price');
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      ids: 'bitcoin,ethereum,tether,solana,ripple,dogecoin,binancecoin,cardano',
      vs_currencies: 'usd',
      include_24hr_change: 'true',
    });
  });

  it('turns the recorded answer into quotes in ticker order, prices and changes as decimal strings', async () => {
    stub.answer = { status: 200, body: RECORDED_ANSWER };

    const quotes = await new CoinGeckoMarketPriceProvider(`${stub.url}/`).quotes();

    expect(quotes).toEqual([
      { symbol: 'BTC', name: 'Bitcoin', price: '97234.12', change24h: '1.84' },
      { symbol: 'ETH', name: 'Ethereum', price: '3478.55', change24h: '-2.02' },
      { symbol: 'USDT', name: 'Tether', price: '1.00', change24h: '0.01' },
      { symbol: 'SOL', name: 'Solana', price: '187.31', change24h: '4.51' },
      { symbol: 'XRP', name: 'XRP', price: '2.39', change24h: '-0.77' },
      { symbol: 'DOGE', name: 'Dogecoin', price: '0.32145679', change24h: '3.00' },
      { symbol: 'BNB', name: 'BNB', price: '651.80', change24h: '0.23' },
      { symbol: 'ADA', name: 'Cardano', price: '0.8612', change24h: '-1.33' },
    ]);
  });

  it('reads a missing 24-hour change as no change', async () => {
    const answer = JSON.parse(RECORDED_ANSWER) as Record<string, Record<string, unknown>>;
    delete answer.bitcoin!.usd_24h_change;
    stub.answer = { status: 200, body: JSON.stringify(answer) };

    const [bitcoin] = await new CoinGeckoMarketPriceProvider(stub.url).quotes();

    expect(bitcoin).toEqual({ symbol: 'BTC', name: 'Bitcoin', price: '97234.12', change24h: '0.00' });
  });

  it.each([
    ['an error status', { status: 429, body: '{"status":{"error_code":429}}' }, /429/],
    ['an answer that is not JSON', { status: 200, body: '<html>' }, /JSON/],
    ['an answer without one of the assets', { status: 200, body: '{"bitcoin":{"usd":1}}' }, /ethereum/],
    ['a price that is not a number', { status: 200, body: '{"bitcoin":{"usd":"lots"}}' }, /number/],
  ])('fails on %s', async (_, answer, message) => {
    stub.answer = answer;

    await expect(new CoinGeckoMarketPriceProvider(stub.url).quotes()).rejects.toThrow(message);
  });

  it('gives up when the answer takes longer than its timeout', async () => {
    stub.answer = { status: 200, body: RECORDED_ANSWER, delayMs: 1_000 };

    await expect(new CoinGeckoMarketPriceProvider(stub.url, 100).quotes()).rejects.toThrow(
      /timeout|aborted/i,
    );
  });
});

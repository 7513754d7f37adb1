import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { MarketPricesConfig } from '../shared/config/config.js';
import { CoinGeckoMarketPriceProvider } from './coingecko-market-price-provider.js';
import { MarketPricesController } from './http/market-prices.controller.js';
import { MARKET_PRICE_PROVIDER, type MarketPriceProvider } from './market-price-provider.js';
import { MarketPrices } from './market-prices.js';
import { SampleMarketPriceProvider } from './sample-market-price-provider.js';

function priceProvider(config: MarketPricesConfig): MarketPriceProvider {
  return config.provider === 'coingecko'
    ? new CoinGeckoMarketPriceProvider(config.coinGeckoUrl)
    : new SampleMarketPriceProvider();
}

const controllers = [MarketPricesController];

@Module({})
export class MarketModule {
  static forRoot(config: MarketPricesConfig): DynamicModule {
    const providers: Provider[] = [
      { provide: MARKET_PRICE_PROVIDER, useValue: priceProvider(config) },
      MarketPrices,
    ];
    return { module: MarketModule, controllers, providers };
  }
}

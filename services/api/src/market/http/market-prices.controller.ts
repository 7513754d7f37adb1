import { Controller, Get } from '@nestjs/common';
import { marketPrices, type MarketPrices as MarketPricesAnswer } from '@ledgerstone/contracts';
import { Public } from '../../shared/auth/access.decorators.js';
import { MarketPrices } from '../market-prices.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@Public()
@Controller()
export class MarketPricesController {
  constructor(private readonly market: MarketPrices) {}

  @Get('market/prices')
  @ApiRoute({
    summary:
      'US-dollar quotes of the ticker assets from the configured provider ("sample" offline figures or CoinGecko), cached a minute; public, no personal data; 503 when the provider fails',
    tag: 'Market',
    response: marketPrices,
  })
  async prices(): Promise<MarketPricesAnswer> {
    return marketPrices.parse(await this.market.current());
  }
}

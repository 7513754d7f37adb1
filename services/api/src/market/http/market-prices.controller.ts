import { Controller, Get } from '@nestjs/common';
import { marketPrices, type MarketPrices as MarketPricesAnswer } from '@ledgerstone/contracts';
import { Public } from '../../shared/auth/access.decorators.js';
import { MarketPrices } from '../market-prices.js';

@Public()
@Controller()
export class MarketPricesController {
  constructor(private readonly market: MarketPrices) {}

  @Get('market/prices')
  async prices(): Promise<MarketPricesAnswer> {
    return marketPrices.parse(await this.market.current());
  }
}

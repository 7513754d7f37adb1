import { DomainError } from '../shared/errors/domain-error.js';

export const MARKET_PRICES_UNAVAILABLE = 'Market prices are unavailable right now. Please try again shortly.';

/** The price provider failed; the next request may well succeed. */
export class MarketPricesUnavailableError extends DomainError {
  readonly code = 'UNAVAILABLE';

  constructor() {
    super(MARKET_PRICES_UNAVAILABLE);
  }
}

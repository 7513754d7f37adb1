import type { MarketPrices } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const getMarketPrices = (signal?: AbortSignal): Promise<MarketPrices> =>
  api.get<MarketPrices>('/market/prices', { signal });

export const getMarketPricesQueryOptions = () =>
  queryOptions({ queryKey: ['market-prices'], queryFn: ({ signal }) => getMarketPrices(signal) });

export const useMarketPrices = () => useQuery(getMarketPricesQueryOptions());

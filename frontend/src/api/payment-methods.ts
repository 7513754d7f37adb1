import type { PaymentMethodListResponse } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client.js';

export const getPaymentMethods = (signal?: AbortSignal): Promise<PaymentMethodListResponse> =>
  api.get<PaymentMethodListResponse>('/payment-methods', { signal });

/** The active payment methods, in display order. */
export const getPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods(signal),
    select: (response) => response.paymentMethods,
  });

export const usePaymentMethods = () => useQuery(getPaymentMethodsQueryOptions());

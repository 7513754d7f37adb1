import type {
  createPaymentMethodRequest,
  PaymentMethodChangeResponse,
  PaymentMethodListResponse,
  PaymentMethodResponse,
} from '@ledgerstone/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { api } from '../../../lib/api-client.js';

export type PaymentMethod = PaymentMethodResponse;
export type PaymentMethodInput = z.input<typeof createPaymentMethodRequest>;
export type PaymentMethodChange = Partial<PaymentMethodInput>;

export const getPaymentMethods = async (signal?: AbortSignal): Promise<PaymentMethod[]> =>
  (await api.get<PaymentMethodListResponse>('/admin/payment-methods', { signal })).paymentMethods;

export const getPaymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods(signal),
  });

export const usePaymentMethods = () => useQuery(getPaymentMethodsQueryOptions());

const method = (id: string) => `/admin/payment-methods/${encodeURIComponent(id)}`;

export const createPaymentMethod = (data: PaymentMethodInput) =>
  api.post<PaymentMethodChangeResponse>('/admin/payment-methods', data);
export const updatePaymentMethod = (id: string, data: PaymentMethodChange) =>
  api.patch<PaymentMethodChangeResponse>(method(id), data);
export const deactivatePaymentMethod = (id: string) =>
  api.post<PaymentMethodChangeResponse>(`${method(id)}/deactivate`);

function useMethodsMutation<TVariables>(
  action: string,
  mutationFn: (variables: TVariables) => Promise<PaymentMethodChangeResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'payment-methods', action],
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getPaymentMethodsQueryOptions().queryKey }),
  });
}

export const useCreatePaymentMethod = () =>
  useMethodsMutation('create', (data: PaymentMethodInput) => createPaymentMethod(data));
export const useUpdatePaymentMethod = () =>
  useMethodsMutation('update', ({ id, data }: { id: string; data: PaymentMethodChange }) =>
    updatePaymentMethod(id, data),
  );
export const useDeactivatePaymentMethod = () =>
  useMethodsMutation('deactivate', (id: string) => deactivatePaymentMethod(id));

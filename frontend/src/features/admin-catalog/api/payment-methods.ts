import {
  isProposalResponse,
  type createPaymentMethodRequest,
  type PaymentMethodChangeResponse,
  type PaymentMethodListResponse,
  type PaymentMethodResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';

import { approvalsQueryKey } from '../../../api/approvals.js';
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

/** The method as saved, or (with approvals on, status 202) the proposal a second admin must approve first. */
export type PaymentMethodAnswer = PaymentMethodChangeResponse | ProposalResponse;

export const createPaymentMethod = (data: PaymentMethodInput) =>
  api.post<PaymentMethodAnswer>('/admin/payment-methods', data);
export const updatePaymentMethod = (id: string, data: PaymentMethodChange) =>
  api.patch<PaymentMethodAnswer>(method(id), data);
export const deactivatePaymentMethod = (id: string) =>
  api.post<PaymentMethodAnswer>(`${method(id)}/deactivate`);

function useMethodsMutation<TVariables>(
  action: string,
  mutationFn: (variables: TVariables) => Promise<PaymentMethodAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'payment-methods', action],
    mutationFn,
    onSuccess: (answer) =>
      queryClient.invalidateQueries({
        queryKey: isProposalResponse(answer) ? approvalsQueryKey : getPaymentMethodsQueryOptions().queryKey,
      }),
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

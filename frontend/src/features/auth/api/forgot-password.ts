import type { ForgotPasswordRequest, MessageResponse } from '@ledgerstone/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import type { AccountKind } from './account-kind.js';

export const forgotPassword = (kind: AccountKind, data: ForgotPasswordRequest): Promise<MessageResponse> =>
  api.post<MessageResponse>(`/${kind}/forget-pass`, data);

export const useForgotPassword = (kind: AccountKind) =>
  useMutation({ mutationFn: (data: ForgotPasswordRequest) => forgotPassword(kind, data) });

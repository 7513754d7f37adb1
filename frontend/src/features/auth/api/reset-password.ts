import type { MessageResponse, ResetPasswordRequest } from '@ledgerstone/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';
import type { AccountKind } from './account-kind.js';

export const resetPassword = (
  kind: AccountKind,
  token: string,
  data: ResetPasswordRequest,
): Promise<MessageResponse> =>
  api.post<MessageResponse>(`/${kind}/change/${encodeURIComponent(token)}`, data);

export const useResetPassword = (kind: AccountKind, token: string) =>
  useMutation({ mutationFn: (data: ResetPasswordRequest) => resetPassword(kind, token, data) });

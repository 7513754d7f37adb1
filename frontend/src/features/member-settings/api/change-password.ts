import type { MessageResponse } from '@ledgerstone/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type ChangePasswordInput = { current_password: string; new_password: string };

export const changePassword = (data: ChangePasswordInput): Promise<MessageResponse> =>
  api.patch<MessageResponse>('/user/pass', data);

export const useChangePassword = () => useMutation({ mutationFn: changePassword });

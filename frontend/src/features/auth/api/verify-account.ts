import type { MessageResponse, VerifyRequest } from '@ledgerstone/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const verifyAccount = (data: VerifyRequest): Promise<MessageResponse> =>
  api.patch<MessageResponse>('/user/verify', data);

export const useVerifyAccount = () => useMutation({ mutationFn: verifyAccount });

import type { MessageResponse, SignupRequest } from '@ledgerstone/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const signup = (data: SignupRequest): Promise<MessageResponse> =>
  api.post<MessageResponse>('/user', data);

export const useSignup = () => useMutation({ mutationFn: signup });

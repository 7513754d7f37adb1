import type { MessageResponse } from '@ledgerstone/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const resendVerificationCode = (): Promise<MessageResponse> =>
  api.post<MessageResponse>('/user/verify/resend');

export const useResendVerificationCode = () => useMutation({ mutationFn: resendVerificationCode });

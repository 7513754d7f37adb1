import type { AdminMessageRequest, MessageResponse } from '@ledgerstone/contracts';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export const sendMessage = (userId: string, data: AdminMessageRequest): Promise<MessageResponse> =>
  api.post<MessageResponse>(`/admin/email/user/${encodeURIComponent(userId)}`, data);

export const useSendMessage = (userId: string) =>
  useMutation({
    mutationKey: ['admin', 'users', userId, 'message'],
    mutationFn: (data: AdminMessageRequest) => sendMessage(userId, data),
  });

import { queryOptions, useQuery } from '@tanstack/react-query';

import { env } from '../config/env.js';
import { ApiError } from '../lib/api-client.js';

export type DepositProof = { blob: Blob; contentType: string };

export const depositProofUrl = (depositId: string) =>
  `${env.API_URL}/admin/deposits/${encodeURIComponent(depositId)}/proof`;

/** The proof is a file, not JSON, so this one call does not go through `api`. */
export async function getDepositProof(depositId: string, signal?: AbortSignal): Promise<DepositProof> {
  const response = await fetch(depositProofUrl(depositId), { credentials: 'include', signal });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const message =
      typeof body?.message === 'string' ? body.message : `Request failed with status ${response.status}`;
    throw new ApiError(response.status, message);
  }
  const blob = await response.blob();
  return { blob, contentType: response.headers.get('Content-Type') ?? blob.type };
}

export const getDepositProofQueryOptions = (depositId: string) =>
  queryOptions({
    queryKey: ['admin', 'deposit-proof', depositId],
    queryFn: ({ signal }) => getDepositProof(depositId, signal),
    staleTime: Infinity,
  });

export const useDepositProof = (depositId: string) => useQuery(getDepositProofQueryOptions(depositId));

import type { ProofOfLiabilitiesResponse, PublishedLiabilities } from '@ledgerstone/contracts';
import { useEffect, useState } from 'react';

import { api } from '../../../lib/api-client.js';

export const getPublishedLiabilities = (signal?: AbortSignal): Promise<ProofOfLiabilitiesResponse> =>
  api.get<ProofOfLiabilitiesResponse>('/proof-of-liabilities', { signal });

export type Publications =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; publications: PublishedLiabilities[] };

/**
 * Every published close, asked for once. A plain effect rather than react-query: this public page needs no
 * data library otherwise (see service-status).
 */
export function usePublishedLiabilities(): Publications {
  const [state, setState] = useState<Publications>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    getPublishedLiabilities(controller.signal).then(
      ({ publications }) => setState({ status: 'loaded', publications }),
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, []);
  return state;
}

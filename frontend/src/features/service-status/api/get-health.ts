import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.js';

export type DependencyCheck = { status: 'up' | 'down'; latencyMs?: number; error?: string };

/** Everyone gets `status`; only staff (and the metrics scraper) get `checks`. */
export type HealthReport = {
  status: 'ok' | 'degraded';
  checks?: {
    postgres: DependencyCheck;
    redis: DependencyCheck;
    objectStorage: DependencyCheck;
    smtp: DependencyCheck;
  };
};

const HEALTH_REFRESH_MS = 60_000;

// A degraded API answers 503 with the same report: that is an answer, not a failure.
export const getHealth = (signal?: AbortSignal): Promise<HealthReport> =>
  api.get<HealthReport>('/health', { signal, acceptStatuses: [503] });

export const getHealthQueryOptions = () =>
  queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_REFRESH_MS,
  });

export const useHealth = () => useQuery(getHealthQueryOptions());

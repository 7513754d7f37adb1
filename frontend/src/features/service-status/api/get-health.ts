import { useEffect, useState } from 'react';

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

export type Health = { isPending: true } | { isPending: false; report?: HealthReport };

/**
 * The API's health, asked again every minute while the page is visible. A plain effect rather than
 * react-query: the footer of every public page shows it, and those pages need no data library otherwise.
 */
export function useHealth(): Health {
  const [health, setHealth] = useState<Health>({ isPending: true });
  useEffect(() => {
    const controller = new AbortController();
    const check = () => {
      if (document.visibilityState === 'hidden') return;
      getHealth(controller.signal).then(
        (report) => setHealth({ isPending: false, report }),
        () => {
          if (!controller.signal.aborted) setHealth({ isPending: false });
        },
      );
    };
    check();
    const timer = setInterval(check, HEALTH_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, []);
  return health;
}

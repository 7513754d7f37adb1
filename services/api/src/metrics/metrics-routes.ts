import type { ApiRoute } from '../shared/http/api-route.js';

/** The operators' routes, as the route table lists them. */
export const METRICS_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/metrics',
    summary:
      'Prometheus metrics of this api process: request durations by route pattern, commands by outcome, BullMQ job counts, projection lag, process figures',
    tag: 'Health',
    access: 'metrics-reader',
    response: 'text',
  },
];

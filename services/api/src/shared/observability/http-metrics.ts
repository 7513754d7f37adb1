import type { NextFunction, Request, Response } from 'express';
import type { Histogram } from 'prom-client';

/** Requests no route answered (the SPA, static files, 404s) share one label instead of one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The catch-all route Nest adds under the /api prefix to answer 404. */
const NEST_NOT_FOUND_ROUTE = '*path';

/** The route pattern express matched (`/api/admin/users/:id`), never the raw URL. */
function routePattern(request: Request): string {
  const route = request.route as { path?: unknown } | undefined;
  if (typeof route?.path !== 'string' || route.path === NEST_NOT_FOUND_ROUTE) return UNMATCHED_ROUTE;
  return `${request.baseUrl}${route.path}`;
}

/** Times every request, observed when its response is done (the access guard's refusals included). */
export function httpMetrics(duration: Histogram<'method' | 'route' | 'status_code'>) {
  return (request: Request, response: Response, next: NextFunction) => {
    const stop = duration.startTimer();
    response.once('finish', () =>
      stop({ method: request.method, route: routePattern(request), status_code: response.statusCode }),
    );
    next();
  };
}

/** What the metrics context offers the rest of the api: nothing else of it may be imported from outside. */
export { METRICS_ROUTES } from './metrics-routes.js';
export { MetricsModule } from './metrics.module.js';

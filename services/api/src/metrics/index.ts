/** What the metrics context offers the rest of the api: nothing else of it may be imported from outside. */
export { MetricsModule } from './metrics.module.js';

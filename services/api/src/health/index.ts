/** What the health context offers the rest of the api: nothing else of it may be imported from outside. */
export { HealthModule } from './health.module.js';

/** What the api-docs context offers the rest of the api: nothing else of it may be imported from outside. */
export { ApiDocsModule } from './api-docs.module.js';
export { ApiRoutes } from './api-routes.js';

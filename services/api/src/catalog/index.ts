/** What the catalog context offers the rest of the api: nothing else of it may be imported from outside. */
export { CatalogAdmin } from './application/catalog-admin.js';
export { CatalogService } from './application/catalog.service.js';
export { DemoCatalog } from './application/demo-catalog.js';
export { CatalogModule } from './catalog.module.js';
export { type PaymentMethodsTable } from './persistence/catalog.tables.js';

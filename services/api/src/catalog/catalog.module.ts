import { Module } from '@nestjs/common';
import { CatalogAdmin } from './application/catalog-admin.js';
import { CatalogService } from './application/catalog.service.js';
import { CatalogProposals } from './application/catalog-proposals.js';
import { DemoCatalog } from './application/demo-catalog.js';
import { AdminCatalogController } from './http/admin-catalog.controller.js';
import { CatalogController } from './http/catalog.controller.js';

const controllers = [CatalogController, AdminCatalogController];

const services = [CatalogService, CatalogAdmin, CatalogProposals, DemoCatalog];

/** Plans and payment methods; other modules read them through CatalogService, and approvals change them. */
@Module({
  controllers,
  providers: services,
  exports: [CatalogService, CatalogAdmin],
})
export class CatalogModule {}

import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from './accounts/accounts.module.js';
import { ApiDocsModule } from './api-docs/api-docs.module.js';
import { AuditModule } from './audit/audit.module.js';
import { CatalogModule } from './catalog/catalog.module.js';
import { ClockModule, type Clock } from './clock/clock.js';
import type { ApiConfig } from './config.js';
import { HealthModule } from './health/health.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { MarketModule } from './market/market.module.js';
import { ObservabilityModule } from './observability/observability.module.js';
import { QueuesBoardModule } from './queues-board/queues-board.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';
import { ReadModelsModule } from './read-models/read-models.module.js';
import { WalletsModule } from './wallets/wallets.module.js';

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig, clock?: Clock): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config),
        ClockModule.forRoot(clock),
        CqrsModule.forRoot(),
        RateLimitsModule.forRoot(config.rateLimits),
        HealthModule,
        IdentityModule,
        CatalogModule,
        AccountsModule,
        ReadModelsModule,
        AuditModule,
        WalletsModule,
        MarketModule.forRoot(config.marketPrices),
        QueuesBoardModule,
        ApiDocsModule,
        ObservabilityModule,
      ],
    };
  }
}

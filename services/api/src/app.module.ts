import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AccountsModule } from './accounts/index.js';
import { ApiDocsModule } from './api-docs/index.js';
import { ApprovalsModule } from './approvals/index.js';
import { AuditModule } from './audit/index.js';
import { BooksModule } from './books/index.js';
import { CatalogModule } from './catalog/index.js';
import { ClockModule, type Clock } from './shared/clock/clock.js';
import type { ApiConfig } from './shared/config/config.js';
import { HealthModule } from './health/index.js';
import { IdentityModule } from './identity/index.js';
import { InfrastructureModule } from './shared/infrastructure/infrastructure.module.js';
import { MarketModule } from './market/index.js';
import { MetricsModule } from './metrics/index.js';
import { QueuesBoardModule } from './queues-board/index.js';
import { RateLimitsModule } from './shared/rate-limits/rate-limits.module.js';
import { AccountQueriesModule } from './accounts/index.js';

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
        AccountQueriesModule,
        BooksModule,
        ApprovalsModule,
        AuditModule,
        MarketModule.forRoot(config.marketPrices),
        QueuesBoardModule,
        ApiDocsModule,
        MetricsModule,
      ],
    };
  }
}

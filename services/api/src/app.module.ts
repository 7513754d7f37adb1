import { Module, type DynamicModule } from '@nestjs/common';
import type { ApiConfig } from './config.js';
import { HealthModule } from './health/health.module.js';
import { InfrastructureModule } from './infrastructure/infrastructure.module.js';
import { RateLimitsModule } from './rate-limits/rate-limits.module.js';

@Module({})
export class AppModule {
  static forRoot(config: ApiConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(config),
        RateLimitsModule.forRoot(config.rateLimits),
        HealthModule,
      ],
    };
  }
}

import { Module, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiMetrics } from '../shared/observability/api-metrics.js';
import { countCommands } from '../shared/observability/command-metrics.js';
import { MetricsController } from './metrics.controller.js';
import { ProjectionLagGauges } from './projection-lag.js';
import { QueueGauges } from './queue-gauges.js';

const controllers = [MetricsController];

const services = [ApiMetrics, QueueGauges, ProjectionLagGauges];

/** GET /api/metrics. The request logging and the request timer are express middleware, added in app.ts. */
@Module({
  controllers,
  providers: services,
  exports: [ApiMetrics],
})
export class MetricsModule implements OnModuleInit {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly metrics: ApiMetrics,
  ) {}

  onModuleInit(): void {
    countCommands(this.commandBus, this.metrics.commands);
  }
}

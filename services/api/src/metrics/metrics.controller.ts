import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { MetricsReader } from '../shared/auth/access.decorators.js';
import { ApiMetrics } from '../shared/observability/api-metrics.js';
import { ApiRoute } from '../shared/http/api-route.js';

@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: ApiMetrics) {}

  @Get()
  @MetricsReader()
  @Header('Cache-Control', 'no-store')
  @ApiRoute({
    summary:
      'Prometheus metrics of this api process: request durations by route pattern, commands by outcome, BullMQ job counts, projection lag, process figures',
    tag: 'Health',
    response: 'text',
  })
  async scrape(@Res({ passthrough: true }) response: Response): Promise<string> {
    const { contentType, body } = await this.metrics.render();
    response.type(contentType);
    return body;
  }
}

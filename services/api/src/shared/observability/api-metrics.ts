import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export const DEFAULT_METRICS_PREFIX = 'ledgerstone_api_';

export type CommandOutcome = 'ok' | 'rejected' | 'conflict' | 'error';

/**
 * The api's metrics, in a registry of its own (not prom-client's global one), so that every app built in one
 * process (the tests build many) counts apart. The gauges that are read at scrape time add themselves.
 */
@Injectable()
export class ApiMetrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to its response being sent, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly commands = new Counter({
    name: 'ledgerstone_api_commands_total',
    help: 'Commands executed through the command bus, by command and outcome (ok, rejected, conflict, error)',
    labelNames: ['command', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: DEFAULT_METRICS_PREFIX });
  }

  /** The Prometheus text exposition of every metric. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { sql } from 'kysely';
import { Gauge } from 'prom-client';
import { DATABASE, type Database } from '../shared/infrastructure/infrastructure.tokens.js';
import { ApiMetrics } from '../shared/observability/api-metrics.js';

export interface ProjectionLag {
  projection: string;
  /** Events in the log after the projection's checkpoint. */
  eventsBehind: number;
  /** Age of the oldest of those events, by the database's clock; 0 when caught up. */
  secondsBehind: number;
}

const logger = new Logger('Metrics');

/**
 * How far each projection's checkpoint trails the event log. The checkpoint is a (transaction id, global
 * position) pair, the log's order, so the events behind are those after that pair, not a difference of
 * positions (positions commit out of order and have gaps).
 */
export async function projectionLag(db: Database): Promise<ProjectionLag[]> {
  const { rows } = await sql<{ name: string; behind: string; seconds: number | null }>`
    select c.name,
      (select count(*) from events e
        where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) as behind,
      (select extract(epoch from clock_timestamp() - e.recorded_at)::float8 from events e
        where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
        order by e.transaction_id, e.global_position limit 1) as seconds
    from projection_checkpoints c
    order by c.name
  `.execute(db);
  return rows.map((row) => ({
    projection: row.name,
    eventsBehind: Number(row.behind),
    secondsBehind: Math.max(0, row.seconds ?? 0),
  }));
}

/** Two gauges per projection, both from one query per scrape. */
@Injectable()
export class ProjectionLagGauges {
  private reading?: Promise<ProjectionLag[]>;

  constructor(
    metrics: ApiMetrics,
    @Inject(DATABASE) private readonly db: Database,
  ) {
    const gauge = (name: string, help: string, value: (lag: ProjectionLag) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['projection'] as const,
        registers: [metrics.registry],
        collect: async function (this: Gauge<'projection'>) {
          this.reset();
          for (const lag of await read()) this.set({ projection: lag.projection }, value(lag));
        },
      });
    const read = () => this.read();
    gauge(
      'ledgerstone_projection_lag_events',
      "Events in the log after the projection's checkpoint, read at scrape time",
      (lag) => lag.eventsBehind,
    );
    gauge(
      'ledgerstone_projection_lag_seconds',
      'Age of the oldest event the projection has not applied yet (0 when caught up), read at scrape time',
      (lag) => lag.secondsBehind,
    );
  }

  /** The registry collects every metric at once, so both gauges share the query that is under way. */
  private read(): Promise<ProjectionLag[]> {
    this.reading ??= projectionLag(this.db)
      .catch((error: unknown) => {
        logger.warn(`projection lag: ${(error as Error).message}`);
        return [];
      })
      .finally(() => {
        this.reading = undefined;
      });
    return this.reading;
  }
}

import {
  readCheckpoints,
  type AnyDatabase,
  type LogPosition,
  type ProjectionStatus,
} from '@ledgerstone/eventstore';
import { overallStatus, probe, type CheckResult, type HealthReport } from '@ledgerstone/process-kit';

export interface ProjectionReport {
  name: string;
  /** Active: this process holds the projection's lock and applies its events; standby: another one does. */
  state: 'active' | 'standby';
  /** The stored checkpoint (the one this process reached if the database did not answer). */
  checkpoint: { transactionId: string; globalPosition: string } | null;
  lastError: string | null;
}

export interface ProjectorHealthReport extends HealthReport {
  checks: { postgres: CheckResult; runner: CheckResult };
  projections: ProjectionReport[];
}

export interface ProjectorHealthSources {
  db: AnyDatabase;
  /** The runner's projections, or null while it is not running (before its start, after its stop). */
  projections(): ProjectionStatus[] | null;
}

function printable(position: LogPosition | null | undefined): ProjectionReport['checkpoint'] {
  if (!position) return null;
  return { transactionId: String(position.transactionId), globalPosition: String(position.globalPosition) };
}

/** Readiness of the projector: PostgreSQL answers and the projection runner runs. */
export function projectorReadiness(sources: ProjectorHealthSources): () => Promise<ProjectorHealthReport> {
  return async () => {
    let stored = new Map<string, LogPosition>();
    // Reading the checkpoints is the PostgreSQL check.
    const postgres = await probe(async () => {
      stored = await readCheckpoints(sources.db);
    });
    const statuses = sources.projections();
    const runner: CheckResult = statuses
      ? { status: 'up' }
      : { status: 'down', error: 'the projection runner is not running' };
    const projections = (statuses ?? []).map((projection) => ({
      name: projection.name,
      state: projection.active ? ('active' as const) : ('standby' as const),
      checkpoint: printable(stored.get(projection.name) ?? projection.position),
      lastError: projection.lastError,
    }));
    const checks = { postgres, runner };
    return { status: overallStatus(checks), checks, projections };
  };
}

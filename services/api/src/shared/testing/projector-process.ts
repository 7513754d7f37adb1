import { startServiceProcess, type ServiceProcess } from './service-process.js';

export type ProjectorProcess = ServiceProcess;

/** The real projector, keeping the read models of `databaseUrl` and queueing mail under `redisPrefix`. */
export function startProjectorProcess(env: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  /** Serves /health/live and /health/ready on this port; none when not given. */
  healthPort?: number;
}): Promise<ProjectorProcess> {
  return startServiceProcess(
    'projector',
    {
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.redisPrefix,
      ...(env.healthPort === undefined ? {} : { PROJECTOR_HEALTH_PORT: String(env.healthPort) }),
    },
    'following the event log',
  );
}

import { startServiceProcess, type ServiceProcess } from './service-process.js';

export type ProjectorProcess = ServiceProcess;

/** The real projector, keeping the read models of `databaseUrl` and queueing mail under `redisPrefix`. */
export function startProjectorProcess(env: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
}): Promise<ProjectorProcess> {
  return startServiceProcess(
    'projector',
    { DATABASE_URL: env.databaseUrl, REDIS_URL: env.redisUrl, REDIS_PREFIX: env.redisPrefix },
    'following the event log',
  );
}

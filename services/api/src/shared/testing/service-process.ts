import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startNodeProcess, type NodeProcess } from '@ledgerstone/process-kit/testing';
import { REPO_ROOT } from '../config/config.js';

export type ServiceProcess = Pick<NodeProcess, 'output' | 'stop'>;

const START_LIMIT_MS = 45_000;

const HEALTH_PORT = { mailer: 'MAILER_HEALTH_PORT', projector: 'PROJECTOR_HEALTH_PORT' } as const;

/**
 * Another service of the platform, built from its sources and run as its own process (services never import
 * each other); ready once its output contains `readyText`. Its health endpoints are off unless `env` gives
 * their port, so test files running side by side do not contend for the default one.
 */
export async function startServiceProcess(
  service: 'mailer' | 'projector',
  env: Record<string, string>,
  readyText: string,
): Promise<ServiceProcess> {
  await promisify(execFile)(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', `services/${service}`],
    { cwd: REPO_ROOT },
  );
  const child = startNodeProcess({
    name: service,
    main: join(REPO_ROOT, `services/${service}/dist/main.js`),
    env: { LOG_LEVEL: 'info', [HEALTH_PORT[service]]: '0', ...env },
    cwd: REPO_ROOT,
  });
  await child.printed(readyText, START_LIMIT_MS);
  return child;
}

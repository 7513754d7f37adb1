import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../config.js';

export interface ProjectorProcess {
  stop(): Promise<void>;
}

/**
 * The real projector service, built from its sources and run as its own process (services never import
 * each other), keeping the read models of `databaseUrl` and queueing mail under `redisPrefix`.
 */
export async function startProjectorProcess(env: {
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
}): Promise<ProjectorProcess> {
  await promisify(execFile)(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'services/projector'],
    { cwd: REPO_ROOT },
  );
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'services/projector/dist/main.js')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.redisPrefix,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`projector did not start in 45 s: ${output}`)), 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`projector exited with ${code}: ${output}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('following the event log')) return;
      clearTimeout(timer);
      resolve();
    });
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../config.js';

export interface ServiceProcess {
  stop(): Promise<void>;
}

const START_LIMIT_MS = 45_000;

/**
 * Another service of the platform, built from its sources and run as its own process (services never import
 * each other); ready once its output contains `readyText`.
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
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, `services/${service}/dist/main.js`)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${service} did not start in ${START_LIMIT_MS / 1000} s: ${output}`)),
      START_LIMIT_MS,
    );
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${service} exited with ${code}: ${output}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes(readyText)) return;
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

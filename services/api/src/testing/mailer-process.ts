import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../config.js';

export interface MailerProcess {
  stop(): Promise<void>;
}

/**
 * The real mailer service, built from its sources and run as its own process (services never import each
 * other), working off the mail queue under `redisPrefix` and sending to `smtpUrl`.
 */
export async function startMailerProcess(env: {
  redisUrl: string;
  redisPrefix: string;
  smtpUrl: string;
  /** The mailer's MAIL_BACKOFF_MS: how long a failed mail waits before its first retry. */
  backoffMs?: number;
}): Promise<MailerProcess> {
  await promisify(execFile)(
    process.execPath,
    [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'services/mailer'],
    {
      cwd: REPO_ROOT,
    },
  );
  const child: ChildProcess = spawn(process.execPath, [join(REPO_ROOT, 'services/mailer/dist/main.js')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.redisPrefix,
      SMTP_URL: env.smtpUrl,
      MAIL_FROM: 'Ledgerstone <no-reply@ledgerstone.test>',
      LOG_LEVEL: 'info',
      ...(env.backoffMs === undefined ? {} : { MAIL_BACKOFF_MS: String(env.backoffMs) }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mailer did not connect in 45 s: ${output}`)), 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`mailer exited with ${code}: ${output}`));
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!chunk.toString().includes('connected to queue')) return;
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

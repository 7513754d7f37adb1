import { createRequire } from 'node:module';
import { portInUse } from './preflight.js';
import type { ChildSpec } from './supervisor.js';

export const MAIL_CATCHER = { smtpPort: 1025, webPort: 1080 } as const;

export const mailCatcherSmtpUrl = `smtp://127.0.0.1:${MAIL_CATCHER.smtpPort}`;
export const mailCatcherWebUrl = `http://localhost:${MAIL_CATCHER.webPort}`;

/**
 * maildev, keeping caught mail in `mailDirectory` (which must exist). Run by node directly, not through npx,
 * so the pid the supervisor holds is the server's.
 */
export function mailCatcher(mailDirectory: string): ChildSpec {
  const { smtpPort, webPort } = MAIL_CATCHER;
  return {
    name: 'mail',
    script: createRequire(import.meta.url).resolve('maildev/bin/maildev'),
    args: [
      '--ip',
      '127.0.0.1',
      '--smtp',
      `${smtpPort}`,
      '--web',
      `${webPort}`,
      '--mail-directory',
      mailDirectory,
    ],
  };
}

/** True once both the web UI and the SMTP port answer. */
export async function mailCatcherReady(): Promise<boolean> {
  const web = await fetch(`http://127.0.0.1:${MAIL_CATCHER.webPort}/healthz`).catch(() => null);
  return web?.ok === true && (await portInUse(MAIL_CATCHER.smtpPort));
}

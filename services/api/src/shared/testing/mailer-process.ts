import { startServiceProcess, type ServiceProcess } from './service-process.js';

export type MailerProcess = ServiceProcess;

/** The real mailer, working off the mail queue under `redisPrefix` and sending to `smtpUrl`. */
export function startMailerProcess(env: {
  redisUrl: string;
  redisPrefix: string;
  smtpUrl: string;
  /** The mailer's MAIL_BACKOFF_MS: how long a failed mail waits before its first retry. */
  backoffMs?: number;
  /** Serves /health/live and /health/ready on this port; none when not given. */
  healthPort?: number;
}): Promise<MailerProcess> {
  return startServiceProcess(
    'mailer',
    {
      REDIS_URL: env.redisUrl,
      REDIS_PREFIX: env.redisPrefix,
      SMTP_URL: env.smtpUrl,
      MAIL_FROM: 'Ledgerstone <no-reply@ledgerstone.test>',
      ...(env.backoffMs === undefined ? {} : { MAIL_BACKOFF_MS: String(env.backoffMs) }),
      ...(env.healthPort === undefined ? {} : { MAILER_HEALTH_PORT: String(env.healthPort) }),
    },
    'connected to queue',
  );
}

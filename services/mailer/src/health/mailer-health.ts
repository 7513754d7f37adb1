import { overallStatus, probe, type CheckResult, type HealthReport } from '@ledgerstone/process-kit';
import type { MailWorker } from '../mail-worker.js';

export interface MailerHealthReport extends HealthReport {
  /** `smtp` is reported but does not make the mailer unready: mail waits in the queue and retries meanwhile. */
  checks: { redis: CheckResult; worker: CheckResult; smtp: CheckResult };
}

/** Readiness of the mailer: Redis answers and the worker works off the mail queue. */
export function mailerReadiness(checks: MailWorker['checks']): () => Promise<MailerHealthReport> {
  return async () => {
    const [redis, worker, smtp] = await Promise.all([
      probe(checks.redis),
      probe(checks.worker),
      probe(checks.smtp),
    ]);
    return { status: overallStatus({ redis, worker }), checks: { redis, worker, smtp } };
  };
}

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { closedPort } from '../shared/testing/backing-services.js';
import { startMailerProcess, type MailerProcess } from '../shared/testing/mailer-process.js';
import { startSmtpInbox, type SmtpInbox } from '../shared/testing/smtp-inbox.js';
import { MAIL_QUEUE, type MailQueue } from '../shared/infrastructure/infrastructure.tokens.js';
import {
  activeMember,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('mail while the SMTP server is down', () => {
  let smtpPort: number;
  let testApp: IdentityTestApp;
  let mailer: MailerProcess;
  let inbox: SmtpInbox | undefined;

  beforeAll(async () => {
    smtpPort = await closedPort();
    const smtpUrl = `smtp://127.0.0.1:${smtpPort}`;
    testApp = await startIdentityTestApp('mail_outage', { SMTP_URL: smtpUrl });
    mailer = await startMailerProcess({
      redisUrl: REDIS_URL,
      redisPrefix: testApp.redisPrefix,
      smtpUrl,
      backoffMs: 250,
    });
  }, 120_000);

  afterAll(async () => {
    await mailer?.stop();
    await testApp?.close();
    await inbox?.close();
  });

  it('is retried with backoff and delivered once the server is back on the same port', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const member = await activeMember(testApp);
    const queue = testApp.app.get<MailQueue>(MAIL_QUEUE);

    await admin.browser
      .post(`/api/admin/email/user/${member.userId}`)
      .send({ subject: 'Your deposit', message: 'We received it.\nThank you!' })
      .expect(200);
    const jobId = (await testApp.events(member.userId)).at(-1)?.id ?? '';
    const failedOnce = await eventually(async () => {
      const job = await queue.getJob(jobId);
      return job && job.attemptsMade >= 1 && (await job.getState()) === 'delayed' ? job : undefined;
    }, 'no failed attempt');
    expect(failedOnce.failedReason).toMatch(/ECONNREFUSED/);

    inbox = await startSmtpInbox(smtpPort);
    // The signup's verification code waited through the outage as well.
    const delivered = [await inbox.next(member.email), await inbox.next(member.email)];

    expect(delivered.map((mail) => mail.subject).sort()).toEqual([
      'Your Ledgerstone verification code',
      'Your deposit',
    ]);
    expect(delivered.find((mail) => mail.subject === 'Your deposit')?.text).toBe(
      'Hello Ada,\n\nWe received it.\nThank you!\n\nLedgerstone',
    );
    const job = await eventually(async () => {
      const found = await queue.getJob(jobId);
      return found && (await found.getState()) === 'completed' ? found : undefined;
    }, 'the job did not complete');
    expect(job.attemptsStarted).toBeGreaterThanOrEqual(2);
  });
});

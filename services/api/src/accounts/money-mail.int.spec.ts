import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type TestAgent from 'supertest/lib/agent.js';
import { activeMember, signedIn } from '../testing/identity-test-app.js';
import { startMailerProcess, type MailerProcess } from '../shared/testing/mailer-process.js';
import { startProjectorProcess, type ProjectorProcess } from '../shared/testing/projector-process.js';
import { startSmtpInbox, type ReceivedMail, type SmtpInbox } from '../shared/testing/smtp-inbox.js';
import {
  BASIC_PLAN,
  BITCOIN,
  PNG,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let inbox: SmtpInbox;
let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let mailer: MailerProcess;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  testApp = await startAccountsTestApp('accounts_money_mail', { SMTP_URL: inbox.url });
  const services = { redisUrl: REDIS_URL, redisPrefix: testApp.redisPrefix };
  [projector, mailer] = await Promise.all([
    startProjectorProcess({ ...services, databaseUrl: testApp.databaseUrl }),
    startMailerProcess({ ...services, smtpUrl: inbox.url }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([projector?.stop(), mailer?.stop()]);
  await testApp?.close();
  await inbox?.close();
});

/** The next mail to `to` with `subject`, passing over the others (the signup's verification code). */
async function mailWithSubject(to: string, subject: string): Promise<ReceivedMail> {
  for (;;) {
    const mail = await inbox.next(to);
    if (mail.subject === subject) return mail;
  }
}

describe('money mail, from the api through the projector and the mailer to an SMTP inbox', () => {
  it('mails the member when their deposit is received and again when an admin confirms it', async () => {
    const member = await activeMember(testApp);
    const browser: TestAgent = await signedIn(testApp, member);
    const admin = await testApp.admin();

    const deposit = await browser
      .post('/api/deposit')
      .field({ plan: BASIC_PLAN.id, amount: '1500.00', payment_method: BITCOIN.id })
      .attach('payment_proof', PNG, { filename: 'proof.png', contentType: 'image/png' })
      .expect(201);
    const received = await mailWithSubject(member.email, 'We received your deposit');

    expect(received.text).toContain(`Hello ${member.firstName}`);
    expect(received.text).toContain('We received your deposit of $1,500.00 for the BASIC plan.');

    await admin.browser.post(`/api/admin/deposits/${deposit.body.depositId}/confirm`).expect(200);
    const confirmed = await mailWithSubject(member.email, 'Your deposit is confirmed');

    expect(confirmed.to).toEqual([member.email]);
    expect(confirmed.text).toContain(
      'Your deposit of $1,500.00 is confirmed and your investment has started.',
    );
  }, 60_000);
});

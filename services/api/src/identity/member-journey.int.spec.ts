import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startMailerProcess, type MailerProcess } from '../shared/testing/mailer-process.js';
import { startSmtpInbox, type SmtpInbox } from '../shared/testing/smtp-inbox.js';
import {
  member,
  PUBLIC_URL,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('a member, with mail through the real mailer and a real SMTP server', () => {
  let inbox: SmtpInbox;
  let testApp: IdentityTestApp;
  let mailer: MailerProcess;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await startIdentityTestApp('identity_journey', { SMTP_URL: inbox.url });
    mailer = await startMailerProcess({
      redisUrl: REDIS_URL,
      redisPrefix: testApp.redisPrefix,
      smtpUrl: inbox.url,
    });
  }, 120_000);

  afterAll(async () => {
    await mailer?.stop();
    await testApp?.close();
    await inbox?.close();
  });

  it('signs up, verifies with the mailed code, logs in, sees the profile, logs out', async () => {
    const details = member();
    const browser = testApp.browser();

    await browser.post('/api/user').send(details).expect(201);
    const welcome = await inbox.next(details.email);
    expect(welcome.subject).toBe('Your Ledgerstone verification code');
    const code = /verification code is (\d{6})\./.exec(welcome.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    await browser
      .patch('/api/user/verify')
      .send({ verifyCode: code })
      .expect(200, { message: 'Account verified successfully!' });
    const login = await browser
      .post('/api/user/login')
      .send({ email: details.email, password: details.password, rememberMe: false });
    expect(login.status).toBe(200);
    expect(login.body.status).toBe('Login successful');
    const sessionCookie = (login.headers['set-cookie'] as unknown as string[])
      .find((cookie) => cookie.startsWith('ls_member='))
      ?.split(';')[0];

    const profile = await browser.get('/api/user').expect(200);
    expect(profile.body).toMatchObject({ email: details.email, first_name: 'Ada', status: 'active' });

    await browser.post('/api/user/logout').expect(200, { message: 'Logged out' });
    await testApp
      .browser()
      .get('/api/user')
      .set('Cookie', sessionCookie ?? '')
      .expect(401, { message: 'Please log in' });
  });

  it('resets a forgotten password through the mailed link and gets a notice', async () => {
    const details = member();
    const browser = testApp.browser();
    await browser.post('/api/user').send(details).expect(201);
    const code = /verification code is (\d{6})\./.exec((await inbox.next(details.email)).text)?.[1];
    await browser.patch('/api/user/verify').send({ verifyCode: code }).expect(200);

    await testApp.browser().post('/api/user/forget-pass').send({ email: details.email }).expect(200);
    const resetMail = await inbox.next(details.email);
    expect(resetMail.subject).toBe('Reset your Ledgerstone password');
    const link = new RegExp(`${PUBLIC_URL}/reset-password/([A-Za-z0-9_-]{43})`).exec(resetMail.text);
    expect(link).not.toBeNull();

    await testApp
      .browser()
      .post(`/api/user/change/${link?.[1]}`)
      .send({ password: 'a new page in the notebook' })
      .expect(200, { message: 'Password reset successfully' });
    const notice = await inbox.next(details.email);

    expect(notice.subject).toBe('Your Ledgerstone password was changed');
    expect(notice.text).toContain(`${PUBLIC_URL}/forgot-password`);
    await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: 'a new page in the notebook' })
      .expect(200);
  });
});

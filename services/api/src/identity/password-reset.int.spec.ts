import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages } from '@ledgerstone/contracts';
import { sql } from 'kysely';
import { tokenHash } from './domain/secrets.js';
import { RESET_REQUEST_ANSWER_MS } from './application/request-password-reset.command.js';
import {
  activeMember,
  PUBLIC_URL,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';

let testApp: IdentityTestApp;

beforeAll(async () => {
  // Every call comes from one address here; the per-IP limits have their own tests.
  testApp = await startIdentityTestApp('identity_reset', {
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
    RATE_LIMIT_FORGOT_PER_IP_HOUR: '1000',
  });
});

afterAll(async () => {
  await testApp?.close();
});

const RESET_LINK = new RegExp(`^${PUBLIC_URL}/reset-password/([A-Za-z0-9_-]{43})$`);

async function requestReset(email: string): Promise<string> {
  await testApp.browser().post('/api/user/forget-pass').send({ email }).expect(200);
  const { data } = await testApp.lastMail('password-reset', email);
  const token = RESET_LINK.exec(data.resetUrl)?.[1];
  if (!token) throw new Error(`Not a reset link: ${data.resetUrl}`);
  return token;
}

/** Opening the link now is refused as invalid. */
async function expectLinkSpent(token: string) {
  const late = await testApp
    .browser()
    .post(`/api/user/change/${token}`)
    .send({ password: 'yet another passphrase' });
  expect({ status: late.status, body: late.body }).toEqual({
    status: 400,
    body: { message: identityMessages.resetLinkInvalid },
  });
}

describe('POST /api/user/forget-pass', () => {
  it('answers a known and an unknown address identically, mailing only the known one', async () => {
    const known = await activeMember(testApp);
    const jobsBefore = (await testApp.mailJobs()).length;

    const forKnown = await testApp.browser().post('/api/user/forget-pass').send({ email: known.email });
    const forUnknown = await testApp
      .browser()
      .post('/api/user/forget-pass')
      .send({ email: 'nobody.here@example.test' });

    expect(forKnown.status).toBe(200);
    expect(forUnknown.status).toBe(200);
    expect(forKnown.body).toEqual({ message: identityMessages.forgotPassword });
    expect(forUnknown.body).toEqual(forKnown.body);
    const jobs = (await testApp.mailJobs()).slice(jobsBefore);
    expect(jobs.map((job) => [job.mail.template, job.mail.to])).toEqual([['password-reset', known.email]]);
    expect(jobs[0]?.mail.data).toEqual({
      firstName: 'Ada',
      resetUrl: expect.stringMatching(RESET_LINK),
      minutes: 30,
    });
  });

  it('answers a known address no sooner than an unknown one: both wait for the same floor', async () => {
    const known = await activeMember(testApp);
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await testApp.browser().post('/api/user/forget-pass').send({ email });
      expect(response.status).toBe(200);
      return performance.now() - started;
    };

    // An address without an account skips the link's row and mail; it is answered after the floor all the same.
    expect(await timed('nobody.timed@example.test')).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS);
    expect(await timed(known.email)).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS);
    expect(await timed('NOBODY.timed@example.test')).toBeGreaterThanOrEqual(RESET_REQUEST_ANSWER_MS);
  });

  it('records the mail in the outbox and marks it queued, keeping the link in the queued mail only', async () => {
    const known = await activeMember(testApp);

    await requestReset(known.email);

    const job = (await testApp.mailJobs()).at(-1);
    const { rows } = await sql`
      select job_id, template, recipient, enqueued_at, data from mail_outbox where job_id = ${job?.id}
    `.execute(testApp.db);
    expect(rows).toEqual([
      {
        job_id: job?.id,
        template: 'password-reset',
        recipient: known.email,
        enqueued_at: expect.any(Date),
        data: { firstName: 'Ada', minutes: 30 },
      },
    ]);
    expect(job?.mail.data).toMatchObject({ resetUrl: expect.stringMatching(RESET_LINK) });
  });

  it('finds the account whatever the case of the address', async () => {
    const known = await activeMember(testApp);

    await requestReset(known.email);
    await testApp
      .browser()
      .post('/api/user/forget-pass')
      .send({ email: known.email.toUpperCase() })
      .expect(200);

    const links = (await testApp.mailJobs()).filter(
      (job) => job.mail.template === 'password-reset' && job.mail.to === known.email,
    );
    expect(links).toHaveLength(2);
  });

  it('stores only the hash of the token', async () => {
    const known = await activeMember(testApp);

    const token = await requestReset(known.email);

    const stored = await testApp.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', known.userId)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash.equals(tokenHash(token))).toBe(true);
    expect(stored.expires_at.getTime() - stored.created_at.getTime()).toBe(30 * 60_000);
  });

  it('answers a malformed address with 400 on the email field', async () => {
    const response = await testApp.browser().post('/api/user/forget-pass').send({ email: 'not-an-address' });

    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ email: ['Enter a valid email address'] });
  });
});

describe('POST /api/user/change/:token', () => {
  it('sets the new password, ends every session and mails a notice', async () => {
    const details = await activeMember(testApp);
    const first = await signedIn(testApp, details);
    const second = await signedIn(testApp, details, true);
    const token = await requestReset(details.email);

    const response = await testApp
      .browser()
      .post(`/api/user/change/${token}`)
      .send({ password: 'a fresh start passphrase' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Password reset successfully' });
    await first.get('/api/user').expect(401);
    await second.get('/api/user').expect(401);
    await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: details.password })
      .expect(401);
    await signedIn(testApp, { email: details.email, password: 'a fresh start passphrase' });
    const notice = await testApp.lastMail('password-changed', details.email);
    expect(notice.data.forgotPasswordUrl).toBe(`${PUBLIC_URL}/forgot-password`);
    const events = await testApp.events(details.userId);
    const changed = events.findIndex((event) => event.type === 'PasswordChanged');
    expect(events[changed]?.data).toEqual({ userId: details.userId, method: 'reset' });
    expect(
      events
        .slice(changed + 1, changed + 3)
        .map((event) => [event.type, (event.data as { reason?: string }).reason]),
    ).toEqual([
      ['SessionEnded', 'password-reset'],
      ['SessionEnded', 'password-reset'],
    ]);
  });

  it('works once only', async () => {
    const details = await activeMember(testApp);
    const token = await requestReset(details.email);
    await testApp
      .browser()
      .post(`/api/user/change/${token}`)
      .send({ password: 'a fresh start passphrase' })
      .expect(200);

    const again = await testApp
      .browser()
      .post(`/api/user/change/${token}`)
      .send({ password: 'yet another passphrase' });

    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: identityMessages.resetLinkInvalid });
    await signedIn(testApp, { email: details.email, password: 'a fresh start passphrase' });
  });

  it('spends every other open link of the account too', async () => {
    const details = await activeMember(testApp);
    const older = await requestReset(details.email);
    const newer = await requestReset(details.email);
    await testApp
      .browser()
      .post(`/api/user/change/${newer}`)
      .send({ password: 'a fresh start passphrase' })
      .expect(200);

    await testApp
      .browser()
      .post(`/api/user/change/${older}`)
      .send({ password: 'yet another passphrase' })
      .expect(400);
  });

  it('Given a link mailed, When the member changes the password while signed in, Then the link no longer works', async () => {
    const details = await activeMember(testApp);
    const token = await requestReset(details.email);
    const browser = await signedIn(testApp, details);
    await browser
      .patch('/api/user/pass')
      .send({ current_password: details.password, new_password: 'a changed passphrase' })
      .expect(200);

    await expectLinkSpent(token);
    await signedIn(testApp, { email: details.email, password: 'a changed passphrase' });
  });

  it("Given a link mailed, When an admin changes the member's e-mail, Then the link to the old address no longer works", async () => {
    const details = await activeMember(testApp);
    const token = await requestReset(details.email);
    const admin = await staffSignedIn(testApp, 'admin');
    await admin.browser
      .patch(`/api/admin/users/${details.userId}`)
      .send({ first_name: 'Ada', last_name: 'Lovelace', email: `moved.${details.email}` })
      .expect(200);

    await expectLinkSpent(token);
  });

  it('Given a member, When an admin changes their e-mail, Then the old address is told, with a link that locks the account', async () => {
    const details = await activeMember(testApp);
    const admin = await staffSignedIn(testApp, 'admin');
    await admin.browser
      .patch(`/api/admin/users/${details.userId}`)
      .send({ first_name: 'Ada', last_name: 'Lovelace', email: `elsewhere.${details.email}` })
      .expect(200);

    const notice = await testApp.lastMail('security-change', details.email);
    expect(notice.data).toMatchObject({
      change: 'email-changed',
      changedBy: 'admin',
      device: null,
      ip: null,
      lockUrl: expect.stringContaining('/lock-account?token='),
    });
    const token = new URL(notice.data.lockUrl ?? '').searchParams.get('token');
    await testApp.browser().post('/api/account/lock').send({ token }).expect(200);
    // A change of names alone is no security change: nobody is mailed.
    const mailsBefore = (await testApp.mailJobs()).length;
    await admin.browser
      .patch(`/api/admin/users/${details.userId}`)
      .send({ first_name: 'Augusta', last_name: 'Lovelace', email: `elsewhere.${details.email}` })
      .expect(200);
    expect(await testApp.mailJobs()).toHaveLength(mailsBefore);
  });

  it('expires after 30 minutes', async () => {
    const details = await activeMember(testApp);
    const token = await requestReset(details.email);
    testApp.clock.advanceMinutes(30);

    const response = await testApp
      .browser()
      .post(`/api/user/change/${token}`)
      .send({ password: 'a fresh start passphrase' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: identityMessages.resetLinkInvalid });
  });

  it('refuses a made-up token', async () => {
    const response = await testApp
      .browser()
      .post('/api/user/change/not-a-real-token')
      .send({ password: 'a fresh start passphrase' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: identityMessages.resetLinkInvalid });
  });

  it('refuses a common or short password on the password field, keeping the link usable', async () => {
    const details = await activeMember(testApp);
    const token = await requestReset(details.email);

    const common = await testApp.browser().post(`/api/user/change/${token}`).send({ password: 'sunshine' });
    const short = await testApp.browser().post(`/api/user/change/${token}`).send({ password: 'short' });

    expect(common.body.fieldErrors).toEqual({ password: [identityMessages.commonPassword] });
    expect(short.body.fieldErrors).toEqual({ password: ['Password must be at least 8 characters'] });
    await testApp
      .browser()
      .post(`/api/user/change/${token}`)
      .send({ password: 'a fresh start passphrase' })
      .expect(200);
  });
});

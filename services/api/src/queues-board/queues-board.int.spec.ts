import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages, MAIL_QUEUE as MAIL_QUEUE_NAME, type MailJob } from '@ledgerstone/contracts';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  activeMember,
  PUBLIC_URL,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';
import { MAIL_QUEUE, type MailQueue } from '../shared/infrastructure/infrastructure.tokens.js';
import { BOARD_ACTION_REFUSED, BOARD_RESEND_REFUSED } from './http/queues-board.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BOARD = '/api/admin/queues';
const REFUSED_MAIL =
  "Can't send mail - all recipients were rejected: 550 5.1.1 <ada@example.test>: no such user";

let testApp: IdentityTestApp;
let failedJobId: string;
let sentJobId: string;

/** A verification mail to `to`, queued as `jobId` and worked off once by `send`: completed, or failed if it throws. */
async function workedMail(
  queue: MailQueue,
  jobId: string,
  to: string,
  send: () => Promise<unknown>,
): Promise<string> {
  const job: MailJob = {
    template: 'verification-code',
    to,
    data: { firstName: 'Ada', code: '042917', minutes: 10 },
  };
  const added = await queue.add(job.template, job, { jobId, attempts: 1 });
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const worker = new Worker(MAIL_QUEUE_NAME, send, { connection, prefix: testApp.redisPrefix });
  try {
    await new Promise<void>((resolve) => {
      worker.once('completed', () => resolve());
      worker.once('failed', () => resolve());
    });
  } finally {
    await worker.close();
    await connection.quit();
  }
  return added.id ?? '';
}

beforeAll(async () => {
  testApp = await startIdentityTestApp('queues_board', {
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
  });
  const queue = testApp.app.get<MailQueue>(MAIL_QUEUE);
  // One at a time, so each worker takes only its own job. The second fails at the SMTP server, which quotes the
  // recipient's address back.
  sentJobId = await workedMail(queue, 'sent-1', 'grace@example.test', async () => ({ messageId: 'sent' }));
  failedJobId = await workedMail(queue, 'refused-1', 'ada@example.test', async () => {
    throw new Error(REFUSED_MAIL);
  });
});

afterAll(async () => {
  await testApp?.close();
});

describe('Bull Board at /api/admin/queues', () => {
  it.each([BOARD, `${BOARD}/api/queues`, `${BOARD}/static/favicon-32x32.png`])(
    'answers %s with 401 without a session and 403 to a member',
    async (path) => {
      const member = await activeMember(testApp);
      const browser = await signedIn(testApp, member);

      await testApp.bare().get(path).expect(401, { message: identityMessages.notAuthenticated });
      await browser.get(path).expect(403, { message: identityMessages.forbidden });
    },
  );

  it('shows an admin the board, its assets served from the api itself', async () => {
    const admin = await staffSignedIn(testApp, 'admin');

    const page = await admin.browser.get(BOARD).expect(200);
    const stylesheet = /href="(static\/css\/[^"]+\.css)"/.exec(page.text)?.[1];

    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain(`<base href="${BOARD}/" />`);
    expect(page.text).toContain('<title>Ledgerstone queues</title>');
    await admin.browser
      .get(`${BOARD}/${stylesheet}`)
      .expect(200)
      .expect('Content-Type', /text\/css/);
  });

  it('masks e-mail addresses and hides codes in job data and failure texts', async () => {
    const admin = await staffSignedIn(testApp, 'admin');

    const listed = await admin.browser.get(`${BOARD}/api/queues?activeQueue=mail&status=failed`).expect(200);
    const detail = await admin.browser.get(`${BOARD}/api/queues/mail/${failedJobId}`).expect(200);

    const [queue] = listed.body.queues;
    expect(queue.readOnlyMode).toBe(false);
    const [job] = queue.jobs;
    expect(job.data).toEqual({
      template: 'verification-code',
      to: 'a***@example.test',
      data: { firstName: 'Ada', code: '[hidden]', minutes: 10 },
    });
    expect(job.failedReason).toBe(REFUSED_MAIL.replace('ada@example.test', 'a***@example.test'));
    // Each attempt's message, without the stack's file paths.
    expect(job.stacktrace).toEqual([
      `Error: ${REFUSED_MAIL.replace('ada@example.test', 'a***@example.test')}`,
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('ada@example.test');
    expect(JSON.stringify(listed.body)).not.toContain('042917');
    expect(JSON.stringify(detail.body)).not.toContain('ada@example.test');
    expect(detail.body.job.data.to).toBe('a***@example.test');
  });

  it('lets an admin retry a failed job, from the site itself only', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const retry = `${BOARD}/api/queues/mail/${failedJobId}/retry`;

    await admin.browser.put(retry).expect(403, { message: identityMessages.crossSiteRefused });
    await admin.browser.put(retry).set('Origin', 'https://evil.example').expect(403);
    await admin.browser.put(retry).set('Origin', PUBLIC_URL).expect(204);

    const queue = testApp.app.get<MailQueue>(MAIL_QUEUE);
    expect(await (await queue.getJob(failedJobId))?.getState()).toBe('waiting');
  });

  it('refuses anyone adding a mail job or rewriting its data, however the path is spelt', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const queue = testApp.app.get<MailQueue>(MAIL_QUEUE);
    const jobsBefore = await queue.getJobCountByTypes('waiting', 'delayed', 'prioritized');
    const refused = { message: BOARD_ACTION_REFUSED };
    const job = `${BOARD}/api/queues/mail/${failedJobId}`;

    for (const path of [
      `${BOARD}/api/queues/mail/add`,
      `${BOARD}/api/queues/mail/ADD`,
      `${BOARD}/api/queues/mail/Add`,
      `${BOARD}/api/queues/mail/%41DD`,
      `${BOARD}/api/queues/mail/%61dd`,
      `${BOARD}/api/queues/mail/add/`,
      `${BOARD}/api/queues//mail/add`,
      `${BOARD}//api/queues/mail/add`,
      `${BOARD}/API/QUEUES/MAIL/ADD`,
    ]) {
      const response = await admin.browser
        .post(path)
        .set('Origin', PUBLIC_URL)
        .send({
          name: 'password-reset',
          data: { to: 'someone@example.test', data: { link: 'https://evil.example' } },
        });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 403,
        body: refused,
      });
    }
    for (const path of [
      `${job}/update-data`,
      `${job}/UPDATE-DATA`,
      `${job}/Update-Data`,
      `${job}/update%2Ddata`,
      `${job}/%75pdate-data`,
      `${job}/update-data/`,
    ]) {
      const response = await admin.browser
        .patch(path)
        .set('Origin', PUBLIC_URL)
        .send({ jobData: { to: 'someone@example.test' } });
      expect({ path, status: response.status, body: response.body }).toEqual({
        path,
        status: 403,
        body: refused,
      });
    }
    // The session cookie is for the path /api, so the board's own path in other letters has no session.
    await admin.browser.post('/API/ADMIN/QUEUES/api/queues/mail/add').set('Origin', PUBLIC_URL).expect(401);
    expect(await queue.getJobCountByTypes('waiting', 'delayed', 'prioritized')).toBe(jobsBefore);
    expect((await queue.getJob(failedJobId))?.data.to).toBe('ada@example.test');
  });

  it('refuses an admin every other change: pausing, emptying, promoting, retrying or cleaning waiting mail', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const job = `${BOARD}/api/queues/mail/${failedJobId}`;

    for (const [method, path] of [
      ['put', `${BOARD}/api/queues/pause`],
      ['put', `${BOARD}/api/queues/mail/pause`],
      ['put', `${BOARD}/api/queues/mail/empty`],
      ['put', `${BOARD}/api/queues/mail/obliterate`],
      ['put', `${BOARD}/api/queues/mail/promote`],
      ['put', `${BOARD}/api/queues/mail/concurrency`],
      ['put', `${BOARD}/api/queues/mail/clean/waiting`],
      ['put', `${BOARD}/api/queues/mail/clean/delayed`],
      ['put', `${job}/promote`],
      ['put', `${job}/RETRY`],
      ['put', `${job}/retry/`],
      ['patch', `${job}/delay`],
      ['patch', `${job}/priority`],
      ['post', `${job}/retry`],
      ['delete', job],
    ] as const) {
      const response = await admin.browser[method](path).set('Origin', PUBLIC_URL);
      expect({ method, path, status: response.status }).toEqual({ method, path, status: 403 });
    }
    expect(await testApp.app.get<MailQueue>(MAIL_QUEUE).isPaused()).toBe(false);
  });

  it('never sends a sent mail again: a completed job is not retried, alone or with every completed one', async () => {
    const queue = testApp.app.get<MailQueue>(MAIL_QUEUE);
    const admin = await staffSignedIn(testApp, 'admin');

    const one = await admin.browser
      .put(`${BOARD}/api/queues/mail/${sentJobId}/retry`)
      .set('Origin', PUBLIC_URL);
    const every = await admin.browser
      .put(`${BOARD}/api/queues/mail/retry/completed`)
      .set('Origin', PUBLIC_URL);
    const listed = await admin.browser.get(`${BOARD}/api/queues`).expect(200);

    expect({ status: one.status, body: one.body }).toEqual({
      status: 409,
      body: { message: BOARD_RESEND_REFUSED },
    });
    expect({ status: every.status, body: every.body }).toEqual({
      status: 403,
      body: { message: BOARD_ACTION_REFUSED },
    });
    expect(await queue.getJobState(sentJobId)).toBe('completed');
    expect(listed.body.queues[0]).toMatchObject({
      name: 'mail',
      allowRetries: true,
      allowCompletedRetries: false,
    });
  });

  it('lets an admin retry every failed job, and clean the failed or completed ones', async () => {
    const admin = await staffSignedIn(testApp, 'admin');

    for (const path of [
      `${BOARD}/api/queues/mail/retry/failed`,
      `${BOARD}/api/queues/mail/clean/completed`,
      `${BOARD}/api/queues/mail/clean/failed`,
    ]) {
      const response = await admin.browser.put(path).set('Origin', PUBLIC_URL);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
  });

  it('answers only the read routes the board needs, spelt exactly', async () => {
    const admin = await staffSignedIn(testApp, 'admin');

    for (const path of [
      `${BOARD}/`,
      `${BOARD}/queue/mail`,
      `${BOARD}/queue/mail/${failedJobId}`,
      `${BOARD}/api/redis/stats`,
      `${BOARD}/api/queues?activeQueue=mail`,
      `${BOARD}/api/queues/mail/${failedJobId}`,
      `${BOARD}/api/queues/mail/${failedJobId}/logs`,
      `${BOARD}/api/queues/mail/job-data-schema`,
      `${BOARD}/static/favicon-32x32.png`,
    ]) {
      const response = await admin.browser.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 200 });
    }
    for (const path of [`${BOARD}/API/QUEUES`, `${BOARD}/api/queues/`, `${BOARD}//api/queues`]) {
      const response = await admin.browser.get(path);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it("names no framework, and allows the board page's own files and web fonts only", async () => {
    const admin = await staffSignedIn(testApp, 'admin');

    for (const path of [BOARD, `${BOARD}/api/queues`, `${BOARD}/static/favicon-32x32.png`]) {
      const response = await admin.browser.get(path).expect(200);

      expect(response.headers['x-powered-by']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBe('DENY');
      const policy = response.headers['content-security-policy'] ?? '';
      expect(policy).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(policy).toMatch(/(^|; )frame-ancestors 'none'(;|$)/);
      expect(policy).toMatch(/(^|; )style-src 'self' 'unsafe-inline' https:\/\/fonts\.googleapis\.com(;|$)/);
    }
  });

  it('gives an auditor the read-only board and refuses any change', async () => {
    const auditor = await staffSignedIn(testApp, 'auditor');

    const listed = await auditor.browser.get(`${BOARD}/api/queues?activeQueue=mail`).expect(200);
    const page = await auditor.browser.get(BOARD).expect(200);

    expect(listed.body.queues[0]).toMatchObject({ name: 'mail', readOnlyMode: true, allowRetries: false });
    expect(page.text).toContain('<title>Ledgerstone queues (read-only)</title>');
    for (const [method, path] of [
      ['put', `${BOARD}/api/queues/mail/${failedJobId}/retry`],
      ['put', `${BOARD}/api/queues/mail/pause`],
      ['put', `${BOARD}/api/queues/pause`],
      ['put', `${BOARD}/api/queues/mail/clean/failed`],
      ['put', `${BOARD}/api/queues/mail/empty`],
    ] as const) {
      await auditor.browser[method](path)
        .set('Origin', PUBLIC_URL)
        .expect(403, { message: identityMessages.forbidden });
    }
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { identityMessages } from '@ledgerstone/contracts';
import { createStaffFromCommandLine } from '../cli/staff-command-line.js';
import { loadConfig } from '../shared/config/config.js';
import { DATABASE, type Database } from '../shared/infrastructure/infrastructure.tokens.js';
import { FirstAdmin } from './application/first-admin.js';
import { PasswordHasher } from './application/password-hasher.js';
import { IdentityEventLog } from './persistence/identity-event-log.js';
import {
  activeMember,
  type IdentityTestApp,
  nextTotpCode,
  pendingLoginCookie,
  PUBLIC_URL,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
} from '../testing/identity-test-app.js';

const ADMIN_EMAIL = 'boss@example.test';
const ADMIN_PASSWORD = 'counting house ledger 1602';

let testApp: IdentityTestApp;

beforeAll(async () => {
  testApp = await startIdentityTestApp('identity_admin', {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
    RATE_LIMIT_FORGOT_PER_IP_HOUR: '1000',
  });
});

afterAll(async () => {
  await testApp?.close();
});

afterEach(() => {
  jest.restoreAllMocks();
});

function setCookie(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

/** A FirstAdmin as an api instance with these admin settings would run it at start. */
function firstAdmin(env: Record<string, string> = {}): FirstAdmin {
  const { app, clock } = testApp;
  return new FirstAdmin(
    app.get<Database>(DATABASE),
    loadConfig({ DATABASE_URL: testApp.databaseUrl, ...env }),
    clock,
    app.get(PasswordHasher),
    app.get(IdentityEventLog),
  );
}

async function openAdmins() {
  return testApp.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('role', '=', 'admin')
    .where('status', '!=', 'closed')
    .execute();
}

/** Closes every admin account, as "Delete User" would, so the next start finds no admin. */
async function closeAdmins(): Promise<void> {
  await testApp.db
    .updateTable('users')
    .set({ status: 'closed', email: null, closed_at: testApp.clock.now() })
    .where('role', '=', 'admin')
    .execute();
}

describe('the first admin, created at start', () => {
  it('comes from ADMIN_EMAIL and ADMIN_PASSWORD, once, with UserRegistered recorded', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);

    const adminId = await testApp.app.get(FirstAdmin).ensure();
    const again = await testApp.app.get(FirstAdmin).ensure();

    expect(adminId).toEqual(expect.any(String));
    expect(again).toBeUndefined();
    expect(await openAdmins()).toEqual([{ id: adminId, email: ADMIN_EMAIL }]);
    const events = await testApp.events(adminId ?? '');
    expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
      { type: 'UserRegistered', data: { userId: adminId, role: 'admin', referredBy: null } },
    ]);
    expect(events[0]?.metadata.actorRole).toBe('system');
    expect(logged).toHaveBeenCalledWith(
      `created the admin ${ADMIN_EMAIL} with the password from ADMIN_PASSWORD`,
    );
    expect(JSON.stringify(logged.mock.calls)).not.toContain(ADMIN_PASSWORD);
    await testApp
      .browser()
      .post('/api/admin/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(200);
  });

  it('is created exactly once when several api instances start at the same moment', async () => {
    await closeAdmins();
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);

    const created = await Promise.all(
      [firstAdmin(), firstAdmin(), firstAdmin(), firstAdmin()].map((one) => one.ensure()),
    );

    expect(created.filter((id) => id !== undefined)).toHaveLength(1);
    expect(await openAdmins()).toHaveLength(1);
  });

  it('gets a generated password, printed once with the default e-mail, when ADMIN_PASSWORD is unset', async () => {
    await closeAdmins();
    const warned = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);

    await firstAdmin({ ADMIN_EMAIL: '' }).ensure();
    await firstAdmin({ ADMIN_EMAIL: '' }).ensure();

    expect(warned).toHaveBeenCalledTimes(1);
    const line = String(warned.mock.calls[0]?.[0]);
    expect(line).toMatch(
      /^created the admin admin@ledgerstone\.local with the generated password [A-Za-z0-9_-]{24} \(shown only this once: note it now\)$/,
    );
    const password = /generated password (\S+)/.exec(line)?.[1];
    await testApp
      .browser()
      .post('/api/admin/login')
      .send({ email: 'admin@ledgerstone.local', password })
      .expect(200);
  });

  it('stops the start with one line when ADMIN_EMAIL belongs to a member', async () => {
    await closeAdmins();
    const taken = await activeMember(testApp);

    await expect(firstAdmin({ ADMIN_EMAIL: taken.email }).ensure()).rejects.toThrow(
      `cannot create the first admin: ADMIN_EMAIL: an account with the e-mail ${taken.email} already exists`,
    );
    expect(await openAdmins()).toEqual([]);
  });
});

describe('the staff command line', () => {
  const run = (args: string[], env: Record<string, string> = {}) =>
    createStaffFromCommandLine(args, { DATABASE_URL: testApp.databaseUrl, ...env });
  const person = ['--first-name', 'Ida', '--last-name', 'Tarbell'];

  it('creates an auditor who can sign in at the admin login and read the admin profile', async () => {
    const email = `auditor.${randomUUID()}@example.test`;

    const lines = await run(['--role', 'auditor', '--email', email, ...person], {
      STAFF_PASSWORD: 'reading every ledger',
    });

    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^created the auditor ${email} \\(id [0-9a-f-]{36}\\)$`)),
    ]);
    const browser = testApp.browser();
    await browser.post('/api/admin/login').send({ email, password: 'reading every ledger' }).expect(200);
    const profile = await browser.get('/api/admin').expect(200);
    expect(profile.body).toEqual({
      id: expect.any(String),
      first_name: 'Ida',
      last_name: 'Tarbell',
      email,
      role: 'auditor',
    });
  });

  it('prints a generated password once when STAFF_PASSWORD is unset', async () => {
    const email = `admin.${randomUUID()}@example.test`;

    const lines = await run(['--role', 'admin', '--email', email, ...person]);

    expect(lines[1]).toMatch(/^password: [A-Za-z0-9_-]{24} \(shown only this once: note it now\)$/);
    const password = /^password: (\S+)/.exec(lines[1] ?? '')?.[1];
    await testApp.browser().post('/api/admin/login').send({ email, password }).expect(200);
  });

  it.each([
    [['--role', 'member', '--email', 'x@example.test', ...person], {}, /^--role must be admin or auditor\n/],
    [
      ['--role', 'auditor', '--email', 'not-an-address', ...person],
      {},
      /^--email: Enter a valid email address\n/,
    ],
    [['--role', 'auditor', '--email', 'y@example.test'], {}, /^--first-name is required\n/],
    [['--role', 'auditor', '--nickname', 'z'], {}, /^Unknown option '--nickname'/],
    [
      ['--role', 'auditor', '--email', 'z@example.test', ...person],
      { STAFF_PASSWORD: 'password1' },
      /^STAFF_PASSWORD: This password is too common\. Choose another one\.$/,
    ],
    [
      ['--role', 'auditor', '--email', 'z@example.test', ...person],
      { STAFF_PASSWORD: 'short' },
      /^STAFF_PASSWORD: Password must be at least 8 characters$/,
    ],
  ])('refuses %j %j', async (args, env, message) => {
    await expect(run(args, env)).rejects.toThrow(message);
  });

  it('refuses an e-mail that already has an account', async () => {
    const taken = await activeMember(testApp);

    await expect(run(['--role', 'auditor', '--email', taken.email, ...person])).rejects.toThrow(
      `--email: an account with the e-mail ${taken.email} already exists`,
    );
  });
});

describe('POST /api/admin/login', () => {
  it('signs an admin in with a cookie of its own that ends with the browser, even when asked to remember', async () => {
    const admin = await staffSignedIn(testApp, 'admin');

    const browser = testApp.browser();
    const first = await browser
      .post('/api/admin/login')
      .send({ email: admin.email, password: admin.password, rememberMe: true })
      .expect(200);
    const response = await browser
      .post('/api/admin/login/two-factor')
      .set('Cookie', pendingLoginCookie(first))
      .send({ code: nextTotpCode(testApp, admin) });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'Login successful', message: 'Login successful' });
    expect(setCookie(response, 'ls_admin')).toMatch(
      /^ls_admin=[A-Za-z0-9_-]{43}; Path=\/api; HttpOnly; SameSite=Lax$/,
    );
    expect(setCookie(response, 'ls_member')).toBeUndefined();
    const sessions = await testApp.db
      .selectFrom('sessions')
      .select(['audience', 'persistent'])
      .where('user_id', '=', admin.userId)
      .execute();
    expect(sessions).toEqual([
      { audience: 'admin', persistent: false },
      { audience: 'admin', persistent: false },
    ]);
  });

  it('answers a member the same 401 as an unknown e-mail or a wrong password', async () => {
    const member = await activeMember(testApp);
    const admin = await staffSignedIn(testApp, 'admin');
    const attempt = (email: string, password: string) =>
      testApp.browser().post('/api/admin/login').send({ email, password });

    const memberAttempt = await attempt(member.email, member.password);
    const unknown = await attempt('nobody@example.test', member.password);
    const wrong = await attempt(admin.email, 'not the password');

    for (const response of [memberAttempt, unknown, wrong]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: identityMessages.badCredentials });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a malformed e-mail with the field named', async () => {
    const response = await testApp.browser().post('/api/admin/login').send({ email: 'admin', password: 'x' });

    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ email: ['Enter a valid email address'] });
  });
});

describe('GET /api/admin', () => {
  it.each(['admin', 'auditor'] as const)('gives the %s their own profile', async (role) => {
    const staff = await staffSignedIn(testApp, role);

    const response = await staff.browser.get('/api/admin').expect(200);

    expect(response.body).toEqual({
      id: staff.userId,
      first_name: 'Grace',
      last_name: 'Hopper',
      email: staff.email,
      role,
    });
  });

  it('answers 403 to a member session and 401 to no session', async () => {
    const member = await activeMember(testApp);
    const browser = await signedIn(testApp, member);

    await browser.get('/api/admin').expect(403, { message: identityMessages.forbidden });
    await testApp.browser().get('/api/admin').expect(401, { message: identityMessages.notAuthenticated });
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the admin session on the server and records it', async () => {
    const admin = await staffSignedIn(testApp, 'admin');

    const response = await admin.browser.post('/api/admin/logout').expect(200, { message: 'Logged out' });

    expect(setCookie(response, 'ls_admin')).toMatch(/^ls_admin=; Path=\/api; Expires=Thu, 01 Jan 1970/);
    const session = await testApp.db
      .selectFrom('sessions')
      .select(['ended_reason', 'token_hash'])
      .where('user_id', '=', admin.userId)
      .executeTakeFirstOrThrow();
    expect(session.ended_reason).toBe('logout');
    const events = await testApp.events(admin.userId);
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'SessionStarted', 'SessionEnded']);
  });

  it('leaves the member session of the same browser alone', async () => {
    const member = await activeMember(testApp);
    const browser = await signedIn(testApp, member);

    await browser.post('/api/admin/logout').expect(200);

    await browser.get('/api/user').expect(200);
  });
});

describe('admin password reset', () => {
  it('mails a link to /admin-reset-password/<token> that sets a new password', async () => {
    const admin = await staffSignedIn(testApp, 'admin');

    await testApp
      .browser()
      .post('/api/admin/forget-pass')
      .send({ email: admin.email })
      .expect(200, { message: identityMessages.forgotPassword });
    const { data } = await testApp.lastMail('password-reset', admin.email);
    const token = new RegExp(`^${PUBLIC_URL}/admin-reset-password/([A-Za-z0-9_-]{43})$`).exec(
      data.resetUrl,
    )?.[1];
    expect(token).toBeDefined();

    await testApp
      .browser()
      .post(`/api/admin/change/${token}`)
      .send({ password: 'a brand new passphrase' })
      .expect(200, { message: 'Password reset successfully' });

    await admin.browser.get('/api/admin').expect(401);
    await testApp
      .browser()
      .post('/api/admin/login')
      .send({ email: admin.email, password: 'a brand new passphrase' })
      .expect(200);
    const notice = await testApp.lastMail('password-changed', admin.email);
    expect(notice.data.forgotPasswordUrl).toBe(`${PUBLIC_URL}/admin-forgot-password`);
  });

  it("gives a member's e-mail the same answer and sends nothing", async () => {
    const member = await activeMember(testApp);
    const before = (await testApp.mailJobs()).length;

    await testApp
      .browser()
      .post('/api/admin/forget-pass')
      .send({ email: member.email })
      .expect(200, { message: identityMessages.forgotPassword });

    expect(await testApp.mailJobs()).toHaveLength(before);
  });

  it("does not take a member's reset link", async () => {
    const member = await activeMember(testApp);
    await testApp.browser().post('/api/user/forget-pass').send({ email: member.email }).expect(200);
    const { data } = await testApp.lastMail('password-reset', member.email);
    const token = data.resetUrl.split('/').at(-1);

    await testApp
      .browser()
      .post(`/api/admin/change/${token}`)
      .send({ password: 'a brand new passphrase' })
      .expect(400, { message: identityMessages.resetLinkInvalid });
  });
});

describe('POST /api/admin/email/user/:id', () => {
  const message = { subject: 'Your deposit', message: 'We received it.\nThank you!' };

  it('mails the member, keeps the message with the admin id and records AdminMessageSent', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const member = await activeMember(testApp);

    await admin.browser
      .post(`/api/admin/email/user/${member.userId}`)
      .send(message)
      .expect(200, { message: 'Message sent successfully!' });

    const stored = await testApp.db
      .selectFrom('admin_messages')
      .selectAll()
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      admin_id: admin.userId,
      subject: 'Your deposit',
      body: 'We received it.\nThank you!',
    });
    const sent = (await testApp.events(member.userId)).at(-1);
    expect(sent?.type).toBe('AdminMessageSent');
    expect(sent?.data).toEqual({ messageId: stored.id, adminId: admin.userId, userId: member.userId });
    expect(sent?.metadata).toMatchObject({ actorId: admin.userId, actorRole: 'admin' });
    const job = (await testApp.mailJobs()).find((queued) => queued.id === sent?.id);
    expect(job?.mail).toEqual({
      template: 'admin-message',
      to: member.email,
      data: { firstName: 'Ada', subject: 'Your deposit', body: 'We received it.\nThank you!' },
      origin: { eventId: sent?.id, eventType: 'AdminMessageSent', requestId: sent?.metadata.requestId },
    });
  });

  it('refuses an auditor with 403 and records nothing', async () => {
    const auditor = await staffSignedIn(testApp, 'auditor');
    const member = await activeMember(testApp);

    await auditor.browser
      .post(`/api/admin/email/user/${member.userId}`)
      .send(message)
      .expect(403, { message: identityMessages.forbidden });

    const stored = await testApp.db
      .selectFrom('admin_messages')
      .select('id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('answers 404 for an unknown id, a malformed id, a closed account and a staff account', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const closed = await activeMember(testApp);
    await testApp.db
      .updateTable('users')
      .set({ status: 'closed', email: null, closed_at: testApp.clock.now() })
      .where('id', '=', closed.userId)
      .execute();
    const auditor = await staffSignedIn(testApp, 'auditor');

    for (const id of [randomUUID(), 'not-a-uuid', closed.userId, auditor.userId]) {
      await admin.browser
        .post(`/api/admin/email/user/${id}`)
        .send(message)
        .expect(404, { message: 'User not found' });
    }
  });

  it('needs a subject and a message of at most 10,000 characters', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const member = await activeMember(testApp);
    const send = (body: object) => admin.browser.post(`/api/admin/email/user/${member.userId}`).send(body);

    const empty = await send({ subject: ' ', message: '' });
    const long = await send({ subject: 'Hi', message: 'x'.repeat(10_001) });

    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
    expect(long.status).toBe(400);
    expect(long.body.fieldErrors).toEqual({ message: ['Message must be at most 10,000 characters'] });
    await send({ subject: 'Hi', message: 'x'.repeat(10_000) }).expect(200);
  });
});

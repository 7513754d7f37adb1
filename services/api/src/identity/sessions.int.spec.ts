import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { identityMessages } from '@ledgerstone/contracts';
import { readLockLink } from '@ledgerstone/process-kit';
import { LOCAL_ACCOUNT_LINK_KEY } from '../shared/config/config.js';
import { LogIn, type LoginOutcome } from './application/log-in.command.js';
import { PasswordHasher } from './application/password-hasher.js';
import { tokenHash } from './domain/secrets.js';
import {
  activeMember,
  type IdentityTestApp,
  PUBLIC_URL,
  signedIn,
  staffLogIn,
  staffSignedIn,
  startIdentityTestApp,
} from '../testing/identity-test-app.js';

let testApp: IdentityTestApp;

beforeAll(async () => {
  // Every call comes from one address here; the per-IP limits have their own tests.
  testApp = await startIdentityTestApp('identity_sessions', {
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
  });
});

afterAll(async () => {
  await testApp?.close();
});

function setCookie(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

function cookieValue(response: { headers: Record<string, unknown> }, name: string): string {
  return (
    setCookie(response, name)
      ?.split(';')[0]
      ?.slice(name.length + 1) ?? ''
  );
}

describe('POST /api/user/login', () => {
  it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
    const known = await activeMember(testApp);

    const wrongPassword = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: known.email, password: 'not the password', rememberMe: false });
    const unknownEmail = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: 'nobody@example.test', password: 'not the password', rememberMe: false });

    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(unknownEmail.headers['set-cookie']).toBeUndefined();
    expect(wrongPassword.headers['set-cookie']).toBeUndefined();
  });

  it('spends about the same time on an unknown e-mail as on a wrong password', async () => {
    const known = await activeMember(testApp);
    const hasher = testApp.app.get(PasswordHasher);
    const passwordHash = await hasher.hash(known.password);
    const timed = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const logIn = (email: string) => () =>
      testApp.browser().post('/api/user/login').send({ email, password: 'guess', rememberMe: false });
    const rounds = 5;
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    const checkTimes: number[] = [];
    for (let round = 0; round < rounds; round++) {
      knownTimes.push(await timed(logIn(known.email)));
      checkTimes.push(await timed(() => hasher.verify(passwordHash, 'guess')));
      unknownTimes.push(await timed(logIn(`nobody.${round}@example.test`)));
    }

    // Each answer holds a password check, the one a wrong password costs: without the check on a stand-in hash,
    // the unknown address answers several times faster than that check alone. Measured against the check itself,
    // not against the wrong password's answer, which also writes to the database and slows more on a busy
    // server; and by each side's fastest round, as a busy machine only ever adds time.
    const check = Math.min(...checkTimes);
    expect(Math.min(...unknownTimes)).toBeGreaterThan(check * 0.5);
    expect(Math.min(...knownTimes)).toBeGreaterThan(check * 0.5);
  });

  it('sets a browser-session cookie without remember-me: HttpOnly, SameSite=Lax, for /api', async () => {
    const details = await activeMember(testApp);

    const response = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: details.password });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: 'Login successful',
      message: 'Login successful',
      verificationRequired: false,
    });
    expect(setCookie(response, 'ls_member')).toMatch(
      /^ls_member=[A-Za-z0-9_-]{43}; Path=\/api; HttpOnly; SameSite=Lax$/,
    );
  });

  it('keeps a remember-me cookie for 30 days, and stores only the token hash', async () => {
    const details = await activeMember(testApp);

    const response = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: details.password, rememberMe: true });

    expect(setCookie(response, 'ls_member')).toMatch(
      /; Max-Age=2592000; Path=\/api; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const token = cookieValue(response, 'ls_member');
    const session = await testApp.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', details.userId)
      .executeTakeFirstOrThrow();
    expect(session.token_hash.equals(tokenHash(token))).toBe(true);
    expect(session).toMatchObject({ audience: 'member', persistent: true, ended_at: null });
    expect(session.expires_at.getTime() - session.created_at.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
    const events = await testApp.events(details.userId);
    expect(events.at(-1)).toMatchObject({
      type: 'SessionStarted',
      data: { userId: details.userId, sessionId: session.id, audience: 'member', persistent: true },
    });
  });

  it('gives a new token at every login', async () => {
    const details = await activeMember(testApp);
    const login = () =>
      testApp.browser().post('/api/user/login').send({ email: details.email, password: details.password });

    const [first, second] = [await login(), await login()];

    expect(cookieValue(first, 'ls_member')).not.toBe(cookieValue(second, 'ls_member'));
  });

  it('refuses a closed account with the same answer as a wrong password', async () => {
    const details = await activeMember(testApp);
    await testApp.db
      .updateTable('users')
      .set({ status: 'closed', closed_at: testApp.clock.now() })
      .where('id', '=', details.userId)
      .execute();

    const response = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: details.password });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Invalid email or password' });
  });

  it('answers a malformed body with 400 and field errors', async () => {
    const response = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: 'nope', rememberMe: 'yes' });

    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors).sort()).toEqual(['email', 'password', 'rememberMe']);
  });
});

describe('member routes', () => {
  it('answer 401 "Please log in" without a session', async () => {
    const response = await testApp.browser().get('/api/user');

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: 'Please log in' });
  });

  it('answer 401 to a made-up token', async () => {
    const response = await testApp.browser().get('/api/user').set('Cookie', 'ls_member=made-up');

    expect(response.status).toBe(401);
  });

  it('show the member their own profile, allow-listed', async () => {
    const details = await activeMember(testApp);
    const browser = await signedIn(testApp, details);

    const response = await browser.get('/api/user');

    expect(response.status).toBe(200);
    const user = await testApp.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', details.userId)
      .executeTakeFirstOrThrow();
    expect(response.body).toEqual({
      id: details.userId,
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: details.email,
      phone: '+44 20 7946 0000',
      referral_code: user.referral_code,
      status: 'active',
      createdAt: user.created_at.toISOString(),
      withdrawable_balance: '0.00',
      total_invest: '0.00',
      total_withdrawal: '0.00',
      total_balance: '0.00',
    });
  });

  it('update the first and last name', async () => {
    const details = await activeMember(testApp);
    const browser = await signedIn(testApp, details);

    const response = await browser.patch('/api/user').send({ first_name: ' Augusta ', last_name: 'King' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Profile updated successfully' });
    const profile = await browser.get('/api/user').expect(200);
    expect(profile.body).toMatchObject({ first_name: 'Augusta', last_name: 'King' });
    const empty = await browser.patch('/api/user').send({ first_name: '', last_name: 'King' });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ first_name: ['First name is required'] });
  });

  it('end a browser session after 30 idle minutes, and keep a used one alive', async () => {
    const details = await activeMember(testApp);
    const browser = await signedIn(testApp, details);

    testApp.clock.advanceMinutes(20);
    await browser.get('/api/user').expect(200);
    testApp.clock.advanceMinutes(20);
    await browser.get('/api/user').expect(200);
    testApp.clock.advanceMinutes(30);

    await browser.get('/api/user').expect(401);
  });

  it('keep a remember-me session through a quiet day', async () => {
    const details = await activeMember(testApp);
    const browser = await signedIn(testApp, details, true);

    testApp.clock.advanceMinutes(24 * 60);

    await browser.get('/api/user').expect(200);
  });
});

describe('POST /api/user/logout', () => {
  it('ends the session on the server: the old cookie is refused afterwards', async () => {
    const details = await activeMember(testApp);
    const browser = await signedIn(testApp, details);
    const login = await testApp.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', details.userId)
      .executeTakeFirstOrThrow();

    const response = await browser.post('/api/user/logout');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out' });
    expect(setCookie(response, 'ls_member')).toMatch(/^ls_member=; Path=\/api; Expires=Thu, 01 Jan 1970/);
    const ended = await testApp.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', login.id)
      .executeTakeFirstOrThrow();
    expect(ended).toMatchObject({ ended_reason: 'logout', ended_at: testApp.clock.now() });
    const events = await testApp.events(details.userId);
    expect(events.at(-1)).toMatchObject({
      type: 'SessionEnded',
      data: { userId: details.userId, sessionId: login.id, reason: 'logout' },
    });
  });

  it('refuses the cookie of a logged-out session even when replayed', async () => {
    const details = await activeMember(testApp);
    const login = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: details.password });
    const cookie = `ls_member=${cookieValue(login, 'ls_member')}`;
    await testApp.browser().get('/api/user').set('Cookie', cookie).expect(200);

    await testApp.browser().post('/api/user/logout').set('Cookie', cookie).expect(200);

    await testApp.browser().get('/api/user').set('Cookie', cookie).expect(401);
  });

  it('answers the same without a session', async () => {
    const response = await testApp.browser().post('/api/user/logout');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Logged out' });
  });
});

describe('PATCH /api/user/pass', () => {
  it('changes the password, ends the other sessions only, and mails a notice', async () => {
    const details = await activeMember(testApp);
    const here = await signedIn(testApp, details);
    const elsewhere = await signedIn(testApp, details, true);

    const response = await here
      .patch('/api/user/pass/')
      .send({ current_password: details.password, new_password: 'a brand new passphrase' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Password updated successfully' });
    await here.get('/api/user').expect(200);
    await elsewhere.get('/api/user').expect(401);
    await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: details.password })
      .expect(401);
    await signedIn(testApp, { email: details.email, password: 'a brand new passphrase' });
    const notice = await testApp.lastMail('password-changed', details.email);
    const events = await testApp.events(details.userId);
    const changed = events.findIndex((event) => event.type === 'PasswordChanged');
    expect(notice.data).toEqual({
      firstName: 'Ada',
      changedAt: testApp.clock.now().toISOString(),
      forgotPasswordUrl: `${PUBLIC_URL}/forgot-password`,
      lockUrl: expect.stringMatching(/^http:\/\/ledgerstone\.test\/lock-account\?token=[\w.-]+$/),
    });
    const token = new URL(notice.data.lockUrl ?? '').searchParams.get('token') ?? '';
    expect(readLockLink(LOCAL_ACCOUNT_LINK_KEY, token)).toMatchObject({
      userId: details.userId,
      linkId: events[changed]?.id,
    });
    expect(events.slice(changed).map((event) => [event.type, event.data])).toEqual([
      ['PasswordChanged', { userId: details.userId, method: 'change' }],
      ['SessionEnded', { userId: details.userId, sessionId: expect.any(String), reason: 'password-changed' }],
      ['SessionStarted', expect.objectContaining({ userId: details.userId })],
    ]);
  });

  it('accepts old_password as the name of the current password', async () => {
    const details = await activeMember(testApp);
    const browser = await signedIn(testApp, details);

    await browser
      .patch('/api/user/pass')
      .send({ old_password: details.password, new_password: 'another good passphrase' })
      .expect(200);
  });

  it('Given two changes sent at once from two sessions, When both check the same current password, Then one changes it and the other is refused, never both answered as done', async () => {
    const details = await activeMember(testApp);
    const [first, second] = [await signedIn(testApp, details), await signedIn(testApp, details, true)];

    const answers = await Promise.all([
      first
        .patch('/api/user/pass')
        .send({ current_password: details.password, new_password: 'first new passphrase' }),
      second
        .patch('/api/user/pass')
        .send({ current_password: details.password, new_password: 'second new passphrase' }),
    ]);

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const kept = statuses[0] === 200 ? 'first new passphrase' : 'second new passphrase';
    const refused = answers.find((answer) => answer.status !== 200)!;
    expect([400, 401]).toContain(refused.status);
    await signedIn(testApp, { email: details.email, password: kept });
  });

  it('refuses a wrong current password on its field, changing nothing', async () => {
    const details = await activeMember(testApp);
    const browser = await signedIn(testApp, details);

    const response = await browser
      .patch('/api/user/pass')
      .send({ current_password: 'wrong', new_password: 'another good passphrase' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: identityMessages.currentPasswordWrong,
      fieldErrors: { current_password: [identityMessages.currentPasswordWrong] },
    });
    await signedIn(testApp, details);
  });

  it('refuses a common new password and a missing current one', async () => {
    const details = await activeMember(testApp);
    const browser = await signedIn(testApp, details);

    const common = await browser
      .patch('/api/user/pass')
      .send({ current_password: details.password, new_password: 'iloveyou' });
    const missing = await browser.patch('/api/user/pass').send({ new_password: 'another good passphrase' });

    expect(common.body.fieldErrors).toEqual({ new_password: [identityMessages.commonPassword] });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ current_password: ['Current password is required'] });
  });

  it('needs a session', async () => {
    await testApp
      .browser()
      .patch('/api/user/pass')
      .send({ current_password: 'x', new_password: 'another good passphrase' })
      .expect(401);
  });
});

describe('cross-site protection', () => {
  it('refuses a state-changing call without X-Requested-With with 403, changing nothing', async () => {
    const details = await activeMember(testApp);

    const response = await testApp
      .bare()
      .post('/api/user/login')
      .send({ email: details.email, password: details.password });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: identityMessages.crossSiteRefused });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a call from another origin', async () => {
    const response = await testApp
      .browser()
      .post('/api/user/forget-pass')
      .set('Origin', 'https://evil.example')
      .send({ email: 'ada@example.test' });

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: identityMessages.crossSiteRefused });
  });

  it('lets a call from the site itself through', async () => {
    await testApp
      .browser()
      .post('/api/user/forget-pass')
      .set('Origin', PUBLIC_URL)
      .send({ email: 'ada@example.test' })
      .expect(200);
  });

  it('leaves reads alone', async () => {
    await testApp.bare().get('/api/health/live').expect(200);
    await testApp.bare().get('/api/user').set('Origin', 'https://evil.example').expect(401);
  });
});

describe('audiences', () => {
  async function adminSession(role: 'admin' | 'auditor'): Promise<string> {
    const email = `${role}.${randomUUID()}@example.test`;
    const password = 'staff passphrase 2026';
    await testApp.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email,
        first_name: 'Staff',
        last_name: 'Member',
        phone: null,
        password_hash: await testApp.app.get(PasswordHasher).hash(password),
        role,
        status: 'active',
        referral_code: randomUUID().slice(0, 8).toUpperCase(),
        created_at: testApp.clock.now(),
        verified_at: testApp.clock.now(),
      })
      .execute();
    const outcome: LoginOutcome = await testApp.app
      .get(CommandBus)
      .execute(
        new LogIn(
          'admin',
          { email, password, rememberMe: true },
          { requestId: randomUUID(), ip: '127.0.0.1' },
        ),
      );
    if (outcome.kind !== 'signed-in') throw new Error('staff login failed');
    expect(outcome.persistent).toBe(false);
    return outcome.session.token;
  }

  it('an admin session cookie on a member route: 403', async () => {
    const token = await adminSession('admin');

    const response = await testApp.browser().get('/api/user').set('Cookie', `ls_admin=${token}`);

    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: identityMessages.forbidden });
  });

  it('an admin token sent as the member cookie opens nothing', async () => {
    const token = await adminSession('auditor');

    await testApp.browser().get('/api/user').set('Cookie', `ls_member=${token}`).expect(401);
  });

  it('staff cannot sign in at the member login', async () => {
    const email = `admin.${randomUUID()}@example.test`;
    await testApp.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email,
        first_name: 'Staff',
        last_name: 'Member',
        phone: null,
        password_hash: await testApp.app.get(PasswordHasher).hash('staff passphrase 2026'),
        role: 'admin',
        status: 'active',
        referral_code: randomUUID().slice(0, 8).toUpperCase(),
        created_at: testApp.clock.now(),
      })
      .execute();

    await testApp
      .browser()
      .post('/api/user/login')
      .send({ email, password: 'staff passphrase 2026' })
      .expect(401);
  });
});

describe('session cookies in production', () => {
  let production: IdentityTestApp;

  beforeAll(async () => {
    production = await startIdentityTestApp('identity_sessions_production', {
      APP_MODE: 'production',
      COOKIE_SECRET: 'a production cookie secret of 32+ characters',
      TWO_FACTOR_KEY: 'a production two-factor key of 32+ characters',
      ACCOUNT_LINK_KEY: 'a production account link key of 32+ characters',
    });
  });

  afterAll(async () => {
    await production?.close();
  });

  it('marks the member and the admin session cookie Secure', async () => {
    // Signup's verification cookie is Secure too, so this http client could not finish it: the member is stored.
    const details = { email: `secure.${randomUUID()}@example.test`, password: 'analytical engine 1843' };
    await production.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email: details.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: null,
        password_hash: await production.app.get(PasswordHasher).hash(details.password),
        role: 'member',
        status: 'active',
        referral_code: randomUUID().slice(0, 8).toUpperCase(),
        created_at: production.clock.now(),
        verified_at: production.clock.now(),
      })
      .execute();
    const admin = await staffSignedIn(production, 'admin');

    const member = await production
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: details.password })
      .expect(200);
    const staff = await staffLogIn(production, admin);
    expect(staff.status).toBe(200);

    expect(setCookie(member, 'ls_member')).toMatch(
      /^ls_member=[A-Za-z0-9_-]{43}; Path=\/api; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(setCookie(staff, 'ls_admin')).toMatch(
      /^ls_admin=[A-Za-z0-9_-]{43}; Path=\/api; HttpOnly; Secure; SameSite=Lax$/,
    );
  });
});

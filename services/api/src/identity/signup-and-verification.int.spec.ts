import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages } from '@ledgerstone/contracts';
import {
  activeMember,
  member,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';

let testApp: IdentityTestApp;

beforeAll(async () => {
  // Every call comes from one address here; the per-IP limits have their own tests.
  testApp = await startIdentityTestApp('identity_signup', {
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_VERIFY_PER_IP_HOUR: '1000',
    RATE_LIMIT_RESEND_PER_ACCOUNT_MINUTE: '2',
  });
});

afterAll(async () => {
  await testApp?.close();
});

function cookieNamed(response: { headers: Record<string, unknown> }, name: string): string | undefined {
  const cookies = (response.headers['set-cookie'] as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

async function userByEmail(email: string) {
  return testApp.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
}

describe('POST /api/user (signup)', () => {
  it('creates an unverified member, mails a code and sets the signed verification cookie', async () => {
    const details = member({ email: 'Grace.Hopper@Example.test' });

    const response = await testApp.browser().post('/api/user').send(details);

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: identityMessages.signedUp });
    const cookie = cookieNamed(response, 'ls_verify');
    expect(cookie).toMatch(
      /; Max-Age=1800; Path=\/api\/user\/verify; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const user = await userByEmail('grace.hopper@example.test');
    expect(user).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+44 20 7946 0000',
      role: 'member',
      status: 'unverified',
      referred_by: null,
      verified_at: null,
    });
    expect(user.referral_code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    const mail = await testApp.lastMail('verification-code', 'grace.hopper@example.test');
    expect(mail.data).toEqual({ firstName: 'Ada', code: expect.stringMatching(/^\d{6}$/), minutes: 10 });
  });

  it('records UserRegistered with ids only, and names the mail job after it', async () => {
    const details = member();
    await testApp.browser().post('/api/user').send(details).expect(201);
    const user = await userByEmail(details.email);

    const events = await testApp.events(user.id);

    expect(events.map((event) => event.type)).toEqual(['UserRegistered']);
    const [registered] = events;
    expect(registered?.data).toEqual({ userId: user.id, role: 'member', referredBy: null });
    expect(registered?.metadata).toEqual({
      actorId: user.id,
      actorRole: 'member',
      requestId: expect.any(String),
      correlationId: registered?.metadata.requestId,
    });
    const recorded = JSON.stringify(events.map((event) => [event.data, event.metadata]));
    expect(recorded).not.toContain(details.email);
    expect(recorded).not.toContain('Lovelace');
    const jobs = await testApp.mailJobs();
    expect(jobs.find((job) => job.mail.to === details.email)?.id).toBe(registered?.id);
  });

  it('answers an e-mail already registered (in another case) as a new one, and mails its owner', async () => {
    const first = member();
    await testApp.browser().post('/api/user').send(first).expect(201);

    const response = await testApp
      .browser()
      .post('/api/user')
      .send(member({ email: first.email.toUpperCase() }));

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: identityMessages.signedUp });
    expect(cookieNamed(response, 'ls_verify')).toBeDefined();
    const notice = await testApp.lastMail('signup-attempted', first.email);
    expect(notice.data).toEqual({
      firstName: first.firstName,
      loginUrl: 'http://ledgerstone.test/login',
      forgotPasswordUrl: 'http://ledgerstone.test/forgot-password',
    });
  });

  it('refuses an unknown referral code on the referralCode field', async () => {
    const details = member({ referralCode: 'ZZZZ9999' });

    const response = await testApp.browser().post('/api/user').send(details);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: 'Referral code not found',
      fieldErrors: { referralCode: ['Referral code not found'] },
    });
    expect(
      await testApp.db.selectFrom('users').where('email', '=', details.email).select('id').execute(),
    ).toEqual([]);
  });

  it('records the referrer of a known code, in any case', async () => {
    const referrer = await activeMember(testApp);
    const { referral_code } = await userByEmail(referrer.email);
    const details = member({ referralCode: referral_code.toLowerCase() });

    await testApp.browser().post('/api/user').send(details).expect(201);

    const referred = await userByEmail(details.email);
    expect(referred.referred_by).toBe(referrer.userId);
    const [registered] = await testApp.events(referred.id);
    expect(registered?.data).toEqual({ userId: referred.id, role: 'member', referredBy: referrer.userId });
  });

  it('refuses one of the 1,000 most common passwords, in any case', async () => {
    const response = await testApp
      .browser()
      .post('/api/user')
      .send(member({ password: 'PassWord1' }));

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: identityMessages.commonPassword,
      fieldErrors: { password: [identityMessages.commonPassword] },
    });
  });

  it.each([
    ['no body', undefined],
    ['an array', [1, 2]],
    ['a string', '"hello"'],
    [
      'fields of the wrong type',
      { firstName: 7, lastName: true, email: ['a'], phoneNumber: {}, password: 1 },
    ],
  ])('answers %s with 400 and field errors, never 500', async (_, body) => {
    const call = testApp.browser().post('/api/user').set('Content-Type', 'application/json');
    const response = await (body === undefined ? call : call.send(body as object));

    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });

  it('names every field at fault', async () => {
    const response = await testApp.browser().post('/api/user').send({
      firstName: ' ',
      email: 'not-an-email',
      phoneNumber: 'call me',
      password: 'short',
    });

    expect(response.status).toBe(400);
    expect(Object.keys(response.body.fieldErrors).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
      'password',
      'phoneNumber',
    ]);
  });

  it('answers a password over 128 characters on the password field', async () => {
    const response = await testApp
      .browser()
      .post('/api/user')
      .send(member({ password: 'x'.repeat(129) }));

    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ password: ['Password must be at most 128 characters'] });
  });
});

describe('PATCH /api/user/verify', () => {
  async function signUp() {
    const details = member();
    const browser = testApp.browser();
    await browser.post('/api/user').send(details).expect(201);
    const { data } = await testApp.lastMail('verification-code', details.email);
    return { details, browser, code: data.code };
  }

  function otherCode(code: string): string {
    return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  }

  it('activates the account with the mailed code, once', async () => {
    const { details, browser, code } = await signUp();

    const response = await browser.patch('/api/user/verify').send({ verifyCode: code });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Account verified successfully!' });
    expect(cookieNamed(response, 'ls_verify')).toMatch(
      /^ls_verify=; Path=\/api\/user\/verify; Expires=Thu, 01 Jan 1970/,
    );
    const user = await userByEmail(details.email);
    expect(user.status).toBe('active');
    expect(user.verified_at).toEqual(testApp.clock.now());
    expect((await testApp.events(user.id)).map((event) => event.type)).toEqual([
      'UserRegistered',
      'UserVerified',
    ]);
  });

  it('takes the code as a number that lost its leading zeros', async () => {
    const { browser, code } = await signUp();

    await browser
      .patch('/api/user/verify')
      .send({ verifyCode: Number(code) })
      .expect(200);
  });

  it('never verifies with the code alone: no cookie, no verification', async () => {
    const { code } = await signUp();

    const response = await testApp.browser().patch('/api/user/verify').send({ verifyCode: code });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: identityMessages.noPendingVerification });
  });

  it('refuses a forged cookie', async () => {
    const { details, code } = await signUp();
    const user = await userByEmail(details.email);

    const response = await testApp
      .browser()
      .patch('/api/user/verify')
      .set('Cookie', `ls_verify=${user.id}.${Date.now() + 600_000}.AAAA`)
      .send({ verifyCode: code });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: identityMessages.noPendingVerification });
  });

  it('refuses a code after ten minutes', async () => {
    const { browser, code } = await signUp();
    testApp.clock.advanceMinutes(10);

    const response = await browser.patch('/api/user/verify').send({ verifyCode: code });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: identityMessages.codeExpired,
      fieldErrors: { verifyCode: [identityMessages.codeExpired] },
    });
  });

  it('allows five wrong tries, then only a new code helps', async () => {
    const { details, browser, code } = await signUp();
    const wrong = otherCode(code);

    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await browser.patch('/api/user/verify').send({ verifyCode: wrong });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(identityMessages.wrongCode);
    }
    const fifth = await browser.patch('/api/user/verify').send({ verifyCode: wrong });
    const right = await browser.patch('/api/user/verify').send({ verifyCode: code });

    expect(fifth.body.message).toBe(identityMessages.tooManyWrongCodes);
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(identityMessages.tooManyWrongCodes);
    expect((await userByEmail(details.email)).status).toBe('unverified');
  });

  it('answers a malformed code with 400 on the verifyCode field', async () => {
    const { browser } = await signUp();

    const response = await browser.patch('/api/user/verify').send({ verifyCode: '12ab' });

    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ verifyCode: ['Enter the 6-digit code from your e-mail'] });
  });
});

describe('POST /api/user/verify/resend (two sends a minute in this file)', () => {
  it('mails a new code that replaces the old one, then waits out the minute', async () => {
    const details = member();
    const browser = testApp.browser();
    await browser.post('/api/user').send(details).expect(201);
    const { data: first } = await testApp.lastMail('verification-code', details.email);

    const resent = await browser.post('/api/user/verify/resend');
    const tooSoon = await browser.post('/api/user/verify/resend');

    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ message: identityMessages.codeResent });
    expect(cookieNamed(resent, 'ls_verify')).toBeDefined();
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(50);
    expect(tooSoon.body.message).toMatch(/^Too many attempts, please try again in \d+ seconds\.$/);
    const { data: second } = await testApp.lastMail('verification-code', details.email);
    const codes = (await testApp.mailJobs()).filter((job) => job.mail.to === details.email);
    expect(codes).toHaveLength(2);
    // Two random codes are equal once in a million draws; the old one is then no different from the new.
    expect(second.code).not.toBe(first.code);
    const old = await browser.patch('/api/user/verify').send({ verifyCode: first.code });
    expect(old.body.message).toBe(identityMessages.wrongCode);
    await browser.patch('/api/user/verify').send({ verifyCode: second.code }).expect(200);
  });

  it('needs the verification cookie', async () => {
    const response = await testApp.browser().post('/api/user/verify/resend');

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: identityMessages.noPendingVerification });
  });
});

describe('POST /api/user/login of an unverified account', () => {
  it('answers 200 with verificationRequired, a fresh code and the verification cookie, and no session', async () => {
    const details = member();
    await testApp.browser().post('/api/user').send(details).expect(201);
    testApp.clock.advanceMinutes(11);
    const browser = testApp.browser();

    const response = await browser
      .post('/api/user/login')
      .send({ email: details.email, password: details.password, rememberMe: false });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      status: identityMessages.verifyFirst,
      message: identityMessages.verifyFirst,
      verificationRequired: true,
    });
    expect(cookieNamed(response, 'ls_verify')).toBeDefined();
    expect(cookieNamed(response, 'ls_member')).toBeUndefined();
    const codes = (await testApp.mailJobs()).filter((job) => job.mail.to === details.email);
    expect(codes).toHaveLength(2);
    const { data } = await testApp.lastMail('verification-code', details.email);
    await browser.patch('/api/user/verify').send({ verifyCode: data.code }).expect(200);
    await browser.get('/api/user').expect(401);
  });

  it('within a minute of the last code, sends no new one and says the last one stands', async () => {
    const details = member();
    await testApp.browser().post('/api/user').send(details).expect(201);
    testApp.clock.advanceMinutes(11);
    const browser = testApp.browser();
    const logIn = () =>
      browser
        .post('/api/user/login')
        .send({ email: details.email, password: details.password, rememberMe: false });

    expect((await logIn().expect(200)).body.message).toBe(identityMessages.verifyFirst);
    const { data: sent } = await testApp.lastMail('verification-code', details.email);
    const again = await logIn().expect(200);

    expect(again.body).toEqual({
      status: identityMessages.verifyWithLastCode,
      message: identityMessages.verifyWithLastCode,
      verificationRequired: true,
    });
    expect((await testApp.mailJobs()).filter((job) => job.mail.to === details.email)).toHaveLength(2);
    await browser.patch('/api/user/verify').send({ verifyCode: sent.code }).expect(200);
  });

  it('gives the wrong password the same answer as for any account', async () => {
    const details = member();
    await testApp.browser().post('/api/user').send(details).expect(201);

    const response = await testApp
      .browser()
      .post('/api/user/login')
      .send({ email: details.email, password: 'not the password', rememberMe: false });

    expect(response.status).toBe(401);
    expect(response.body).toEqual({ message: identityMessages.badCredentials });
    expect(cookieNamed(response, 'ls_verify')).toBeUndefined();
  });
});

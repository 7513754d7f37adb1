import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages, twoFactorMessages, type MailJob } from '@ledgerstone/contracts';
import type request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { SoftwareAuthenticator } from '../testing/software-authenticator.js';
import {
  activeMember,
  MEMBER_PASSWORD,
  PUBLIC_URL,
  STAFF_PASSWORD,
  signedIn,
  staffSignedIn,
  staffWithoutSecondFactor,
  startIdentityTestApp,
  type IdentityTestApp,
  type SignupDetails,
} from '../testing/identity-test-app.js';
import { totpCodeAt } from './domain/totp.js';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const WRONG_CODES_ALLOWED = 3;

let testApp: IdentityTestApp;

beforeAll(async () => {
  testApp = await startIdentityTestApp('two_factor', {
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
    RATE_LIMIT_SECOND_FACTOR_FAILURES_PER_ACCOUNT_IP: String(WRONG_CODES_ALLOWED),
  });
});

afterAll(async () => {
  await testApp?.close();
});

type Member = SignupDetails & { userId: string; browser: TestAgent };

async function signedInMember(): Promise<Member> {
  const details = await activeMember(testApp);
  return { ...details, browser: await signedIn(testApp, details) };
}

/** The code the app shows `steps` time steps from the test clock's now. */
function code(secret: string, steps = 0): string {
  return totpCodeAt(secret, new Date(testApp.clock.now().getTime() + steps * 30_000));
}

/** Sets up the authenticator app as the security screen does; its secret and the recovery codes shown. */
async function enrolTotp(browser: TestAgent, base = '/api/user/security') {
  const setup = await browser.post(`${base}/totp/setup`).expect(200);
  const secret = setup.body.setupKey as string;
  const confirmed = await browser
    .post(`${base}/totp/confirm`)
    .send({ code: code(secret), password: base.startsWith('/api/admin') ? STAFF_PASSWORD : MEMBER_PASSWORD })
    .expect(200);
  return { secret, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

function setCookie(response: request.Response, name: string): string | undefined {
  const cookies = (response.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return cookies.find((cookie) => cookie.startsWith(`${name}=`));
}

/** The first step of a login in a fresh browser: the password. */
async function passwordStep(member: { email: string; password: string }, userAgent?: string) {
  const browser = testApp.browser();
  if (userAgent) browser.set('User-Agent', userAgent);
  const response = await browser
    .post('/api/user/login')
    .send({ email: member.email, password: member.password })
    .expect(200);
  return { browser, response };
}

async function securityMails(to: string): Promise<Extract<MailJob, { template: 'security-change' }>[]> {
  return (await testApp.mailJobs())
    .map((job) => job.mail)
    .filter((mail): mail is Extract<MailJob, { template: 'security-change' }> => {
      return mail.template === 'security-change' && mail.to === to;
    });
}

async function eventTypes(userId: string): Promise<string[]> {
  return (await testApp.events(userId)).map((event) => event.type);
}

/** Adds a passkey as the security screen does: registration options, the authenticator's answer, the password. */
async function addPasskey(member: Member, authenticator: SoftwareAuthenticator, body: object = {}) {
  const options = await member.browser.post('/api/user/security/passkeys/options').expect(200);
  return member.browser.post('/api/user/security/passkeys').send({
    password: MEMBER_PASSWORD,
    name: 'Work laptop',
    response: authenticator.register(options.body),
    ...body,
  });
}

describe('enrolling an authenticator app', () => {
  it('shows a setup key and the QR content, and turns on only with a right first code, showing 10 recovery codes', async () => {
    const member = await signedInMember();

    const setup = await member.browser.post('/api/user/security/totp/setup').expect(200);
    const secret = setup.body.setupKey as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUri).toBe(
      `otpauth://totp/Ledgerstone:${encodeURIComponent(member.email)}?issuer=Ledgerstone&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect((await member.browser.get('/api/user/security').expect(200)).body).toMatchObject({
      enabled: false,
      totpEnabled: false,
    });

    const wrong = await member.browser
      .post('/api/user/security/totp/confirm')
      .send({ password: MEMBER_PASSWORD, code: code(secret, 3) })
      .expect(422);
    expect(wrong.body).toEqual({
      message: twoFactorMessages.wrongCode,
      fieldErrors: { code: [twoFactorMessages.wrongCode] },
    });

    const confirmed = await member.browser
      .post('/api/user/security/totp/confirm')
      .send({ password: MEMBER_PASSWORD, code: code(secret).replace(/(\d{3})/, '$1 ') })
      .expect(200);
    expect(confirmed.body.message).toBe(twoFactorMessages.totpEnabled);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    for (const recovery of confirmed.body.recoveryCodes as string[]) {
      expect(recovery).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    }

    expect((await member.browser.get('/api/user/security').expect(200)).body).toMatchObject({
      enabled: true,
      required: false,
      totpEnabled: true,
      passkeys: [],
      recoveryCodesLeft: 10,
    });
    expect(await eventTypes(member.userId)).toEqual(
      expect.arrayContaining(['SecondFactorAdded', 'RecoveryCodesGenerated']),
    );
    const [mail] = await securityMails(member.email);
    expect(mail?.data).toMatchObject({
      change: 'totp-enabled',
      ip: expect.any(String),
      device: 'Unknown device',
    });
    expect(mail?.data.securityUrl).toBe(`${PUBLIC_URL}/dashboard/security`);
  });

  it("Given a session alone (stolen, say), When it turns on an app or adds a passkey without the account's password, Then 400 on password and nothing is added", async () => {
    const member = await signedInMember();
    const setup = await member.browser.post('/api/user/security/totp/setup').expect(200);
    const secret = setup.body.setupKey as string;
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const options = await member.browser.post('/api/user/security/passkeys/options').expect(200);

    // None given is said to be missing, a wrong one wrong.
    for (const [password, message] of [
      [undefined, twoFactorMessages.passwordRequired],
      ['not the password', twoFactorMessages.passwordWrong],
    ] as const) {
      const app = await member.browser
        .post('/api/user/security/totp/confirm')
        .send({ code: code(secret), password });
      expect({ status: app.status, body: app.body }).toEqual({
        status: 400,
        body: { message, fieldErrors: { password: [message] } },
      });
    }
    const passkey = await member.browser
      .post('/api/user/security/passkeys')
      .send({ name: 'Thief laptop', response: authenticator.register(options.body) });
    expect({ status: passkey.status, body: passkey.body }).toEqual({
      status: 400,
      body: {
        message: twoFactorMessages.passwordRequired,
        fieldErrors: { password: [twoFactorMessages.passwordRequired] },
      },
    });
    expect((await member.browser.get('/api/user/security').expect(200)).body).toMatchObject({
      enabled: false,
      totpEnabled: false,
      passkeys: [],
    });

    await member.browser
      .post('/api/user/security/totp/confirm')
      .send({ code: code(secret), password: MEMBER_PASSWORD })
      .expect(200);
  });

  it('keeps the secret sealed and only hashes of the recovery codes, and puts neither in events or mails', async () => {
    const member = await signedInMember();
    const { secret, recoveryCodes } = await enrolTotp(member.browser);

    const row = await testApp.db
      .selectFrom('totp_factors')
      .select(['sealed_secret', 'enabled_at', 'last_used_step'])
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_secret).toMatch(/^v1\./);
    expect(row.sealed_secret).not.toContain(secret);
    expect(row.enabled_at).not.toBeNull();
    expect(row.last_used_step).toBe(BigInt(Math.floor(testApp.clock.now().getTime() / 30_000)));
    const hashes = await testApp.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', member.userId)
      .execute();
    expect(hashes).toHaveLength(10);
    const stored = JSON.stringify(
      [
        row.sealed_secret,
        hashes.map((hash) => hash.code_hash.toString('utf8')),
        await testApp.events(member.userId),
        await testApp.mailJobs(),
      ],
      (_, value: unknown) => (typeof value === 'bigint' ? String(value) : value),
    );
    for (const secretText of [
      secret,
      ...recoveryCodes,
      ...recoveryCodes.map((one) => one.replace('-', '')),
    ]) {
      expect(stored).not.toContain(secretText);
    }
  });

  it('refuses a setup older than 30 minutes, and a second app while one is on', async () => {
    const member = await signedInMember();
    const setup = await member.browser.post('/api/user/security/totp/setup').expect(200);
    // In steps, with a request between them, so that the session does not idle out meanwhile.
    testApp.clock.advanceMinutes(20);
    await member.browser.get('/api/user/security').expect(200);
    testApp.clock.advanceMinutes(11);

    const late = await member.browser
      .post('/api/user/security/totp/confirm')
      .send({ password: MEMBER_PASSWORD, code: code(setup.body.setupKey as string) })
      .expect(409);
    expect(late.body).toEqual({ message: twoFactorMessages.totpSetupExpired });

    await enrolTotp(member.browser);
    const again = await member.browser.post('/api/user/security/totp/setup').expect(409);
    expect(again.body).toEqual({ message: twoFactorMessages.totpAlreadyEnabled });
  });
});

describe('signing in with two-step verification', () => {
  it('opens no session after the password: it names the methods and sets a 5-minute pending-login cookie', async () => {
    const member = await signedInMember();
    await enrolTotp(member.browser);

    const { browser, response } = await passwordStep(member);

    expect(response.body).toEqual({
      status: twoFactorMessages.secondStepNeeded,
      message: twoFactorMessages.secondStepNeeded,
      verificationRequired: false,
      twoFactorRequired: true,
      methods: ['totp', 'recovery'],
    });
    expect(setCookie(response, 'ls_pending_login')).toMatch(
      /^ls_pending_login=[A-Za-z0-9_-]{43}; Max-Age=300; Path=\/api\/user\/login; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    expect(setCookie(response, 'ls_member')).toBeUndefined();
    await browser.get('/api/user').expect(401);
  });

  it("opens the session with the app's code, which passes once: the same code at the next login is refused", async () => {
    const member = await signedInMember();
    const { secret } = await enrolTotp(member.browser);

    const first = await passwordStep(member);
    const signedInResponse = await first.browser
      .post('/api/user/login/two-factor')
      .send({ code: code(secret, 1) })
      .expect(200, { status: 'Login successful', message: 'Login successful', verificationRequired: false });
    expect(setCookie(signedInResponse, 'ls_member')).toMatch(
      /^ls_member=[A-Za-z0-9_-]{43}; Path=\/api; HttpOnly/,
    );
    expect(setCookie(signedInResponse, 'ls_pending_login')).toMatch(/^ls_pending_login=;/);
    await first.browser.get('/api/user').expect(200);

    const second = await passwordStep(member);
    const replay = await second.browser
      .post('/api/user/login/two-factor')
      .send({ code: code(secret, 1) })
      .expect(422);
    expect(replay.body).toEqual({
      message: twoFactorMessages.wrongCode,
      fieldErrors: { code: [twoFactorMessages.wrongCode] },
    });
    await second.browser.get('/api/user').expect(401);
  });

  it('lets only one of two logins racing with the same code through', async () => {
    const member = await signedInMember();
    const { secret } = await enrolTotp(member.browser);
    const logins = [await passwordStep(member), await passwordStep(member)];

    const answers = await Promise.all(
      logins.map(({ browser }) => browser.post('/api/user/login/two-factor').send({ code: code(secret, 1) })),
    );

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
  });

  it('takes a recovery code once, in any case and spacing, and mails that one was used', async () => {
    const member = await signedInMember();
    const { recoveryCodes } = await enrolTotp(member.browser);
    const recovery = recoveryCodes[0] ?? '';

    const first = await passwordStep(member);
    await first.browser
      .post('/api/user/login/two-factor')
      .send({ recoveryCode: ` ${recovery.toUpperCase()} ` })
      .expect(200);

    const events = await testApp.events(member.userId);
    expect(events.find((event) => event.type === 'RecoveryCodeUsed')?.data).toEqual({
      userId: member.userId,
      remaining: 9,
    });
    expect((await securityMails(member.email)).map((mail) => mail.data.change)).toContain(
      'recovery-code-used',
    );
    expect((await first.browser.get('/api/user/security').expect(200)).body.recoveryCodesLeft).toBe(9);

    const second = await passwordStep(member);
    const again = await second.browser
      .post('/api/user/login/two-factor')
      .send({ recoveryCode: recovery })
      .expect(422);
    expect(again.body).toEqual({
      message: twoFactorMessages.wrongRecoveryCode,
      fieldErrors: { recoveryCode: [twoFactorMessages.wrongRecoveryCode] },
    });
  });

  it(`limits wrong codes like passwords: after ${WRONG_CODES_ALLOWED} from one address, even the right one waits`, async () => {
    const member = await signedInMember();
    const { secret } = await enrolTotp(member.browser);
    const { browser } = await passwordStep(member);

    for (let attempt = 0; attempt < WRONG_CODES_ALLOWED; attempt += 1) {
      await browser
        .post('/api/user/login/two-factor')
        .send({ code: code(secret, 5) })
        .expect(422);
    }
    const limited = await browser
      .post('/api/user/login/two-factor')
      .send({ code: code(secret, 1) })
      .expect(429);

    expect(limited.body.message).toMatch(/^Too many attempts, please try again in \d+ seconds\.$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    await browser.get('/api/user').expect(401);
  });

  it('refuses the second step once the pending login is 5 minutes old, and without its cookie', async () => {
    const member = await signedInMember();
    const { secret } = await enrolTotp(member.browser);
    const { browser } = await passwordStep(member);

    await testApp
      .browser()
      .post('/api/user/login/two-factor')
      .send({ code: code(secret, 1) })
      .expect(400);
    testApp.clock.advanceMinutes(5);
    const late = await browser
      .post('/api/user/login/two-factor')
      .send({ code: code(secret) })
      .expect(400);

    expect(late.body).toEqual({ message: twoFactorMessages.pendingLoginExpired });
  });

  it.each([
    [
      'reset from a mailed link',
      async (member: Member) => {
        await testApp.browser().post('/api/user/forget-pass').send({ email: member.email }).expect(200);
        const { data } = await testApp.lastMail('password-reset', member.email);
        const token = new URL(data.resetUrl).pathname.split('/').at(-1);
        await testApp
          .browser()
          .post(`/api/user/change/${token}`)
          .send({ password: 'a fresh start passphrase' })
          .expect(200);
      },
    ],
    [
      'changed in a session',
      async (member: Member) => {
        await member.browser
          .patch('/api/user/pass')
          .send({ current_password: member.password, new_password: 'a changed passphrase' })
          .expect(200);
      },
    ],
  ])(
    "ends a pending login when the password is %s: the old password's second step opens nothing",
    async (_, changePassword) => {
      const member = await signedInMember();
      const { secret } = await enrolTotp(member.browser);
      const { browser } = await passwordStep(member);
      await changePassword(member);

      const late = await browser
        .post('/api/user/login/two-factor')
        .send({ code: code(secret, 1) })
        .expect(400);

      expect(late.body).toEqual({ message: twoFactorMessages.pendingLoginExpired });
    },
  );

  it('refuses a body with both kinds of code, or neither, naming the field', async () => {
    const { browser } = await passwordStep(await signedInMember());

    const both = await browser
      .post('/api/user/login/two-factor')
      .send({ code: '123456', recoveryCode: 'abcde-23456' })
      .expect(400);
    const neither = await browser.post('/api/user/login/two-factor').send({}).expect(400);
    const malformed = await browser.post('/api/user/login/two-factor').send({ code: '12345' }).expect(400);

    expect(both.body.fieldErrors).toEqual({ code: [twoFactorMessages.oneFactorOnly] });
    expect(neither.body.fieldErrors).toEqual({ code: [twoFactorMessages.codeRequired] });
    expect(malformed.body.fieldErrors).toEqual({ code: [twoFactorMessages.codeFormat] });
  });

  it('mails a sign-in from a device the account has not signed in from before', async () => {
    const details = await activeMember(testApp);
    await passwordStep(details);
    const before = (await securityMails(details.email)).length;

    await passwordStep(details, CHROME_MAC);
    await passwordStep(details, CHROME_MAC);

    const mails = await securityMails(details.email);
    expect(mails.slice(before).map((mail) => mail.data)).toEqual([
      expect.objectContaining({ change: 'new-device-sign-in', device: 'Chrome on macOS' }),
    ]);
    expect(await eventTypes(details.userId)).toContain('NewDeviceSignedIn');
  });
});

describe('passkeys', () => {
  it('adds a passkey as the first factor with recovery codes, then signs in with "Use a passkey" and with a passkey alone', async () => {
    const member = await signedInMember();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);

    const options = await member.browser.post('/api/user/security/passkeys/options').expect(200);
    expect(options.body).toMatchObject({
      rp: { name: 'Ledgerstone', id: new URL(PUBLIC_URL).hostname },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const added = await member.browser
      .post('/api/user/security/passkeys')
      .send({
        password: MEMBER_PASSWORD,
        name: 'Work laptop',
        response: authenticator.register(options.body),
      })
      .expect(201);
    expect(added.body).toEqual({
      message: twoFactorMessages.passkeyAdded,
      passkey: {
        id: expect.any(String),
        name: 'Work laptop',
        createdAt: expect.any(String),
        lastUsedAt: null,
      },
      recoveryCodes: expect.arrayContaining([expect.stringMatching(/^\w{5}-\w{5}$/)]),
    });
    const passkeyId = added.body.passkey.id as string;
    expect((await securityMails(member.email)).map((mail) => mail.data)).toContainEqual(
      expect.objectContaining({ change: 'passkey-added', passkeyName: 'Work laptop' }),
    );

    const { browser, response } = await passwordStep(member);
    expect(response.body.methods).toEqual(['passkey', 'recovery']);
    const assertionOptions = await browser.post('/api/user/login/passkey/options').expect(200);
    expect(assertionOptions.body.allowCredentials).toEqual([
      expect.objectContaining({ id: passkeyId, type: 'public-key' }),
    ]);
    await browser
      .post('/api/user/login/passkey/verify')
      .send({ response: authenticator.authenticate(assertionOptions.body) })
      .expect(200, { status: 'Login successful', message: 'Login successful', verificationRequired: false });
    await browser.get('/api/user').expect(200);

    const passwordless = testApp.browser();
    const loginOptions = await passwordless.post('/api/user/passkey-login/options').expect(200);
    expect(loginOptions.body.allowCredentials).toBeUndefined();
    expect(setCookie(loginOptions, 'ls_passkey_login')).toMatch(/Path=\/api\/user\/passkey-login; Expires=/);
    const assertion = authenticator.authenticate(loginOptions.body);
    await passwordless
      .post('/api/user/passkey-login/verify')
      .send({ response: assertion, rememberMe: true })
      .expect(200);
    await passwordless.get('/api/user').expect(200);

    const replayed = await passwordless
      .post('/api/user/passkey-login/verify')
      .send({ response: assertion })
      .expect(400);
    expect(replayed.body).toEqual({
      message: twoFactorMessages.passkeyChallengeExpired,
      fieldErrors: { response: [twoFactorMessages.passkeyChallengeExpired] },
    });
    const overview = await member.browser.get('/api/user/security').expect(200);
    expect(overview.body.passkeys).toEqual([
      { id: passkeyId, name: 'Work laptop', createdAt: expect.any(String), lastUsedAt: expect.any(String) },
    ]);
  });

  it('Given a registration whose transports are not transport names (NUL, emoji, 100k characters), When sent, Then 400 on response and no passkey is kept', async () => {
    const member = await signedInMember();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    for (const transport of ['internal\u0000', 'usb\u{1F600}', 'x'.repeat(100_000), 'USB', '']) {
      const options = await member.browser.post('/api/user/security/passkeys/options').expect(200);
      const registration = authenticator.register(options.body);
      const response = await member.browser.post('/api/user/security/passkeys').send({
        password: MEMBER_PASSWORD,
        name: 'Work laptop',
        response: { ...registration, response: { ...registration.response, transports: [transport] } },
      });
      expect({ status: response.status, field: Object.keys(response.body.fieldErrors ?? {}) }).toEqual({
        status: 400,
        field: ['response'],
      });
    }
    const { body } = await member.browser.get('/api/user/security').expect(200);
    expect(body.passkeys).toEqual([]);
  });

  it('signs no staff member in at the member login with their passkey', async () => {
    const staff = await staffWithoutSecondFactor(testApp, 'auditor');
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const options = await staff.browser.post('/api/admin/security/passkeys/options').expect(200);
    await staff.browser
      .post('/api/admin/security/passkeys')
      .send({ password: STAFF_PASSWORD, name: 'Key', response: authenticator.register(options.body) })
      .expect(201);

    const browser = testApp.browser();
    const loginOptions = await browser.post('/api/user/passkey-login/options').expect(200);
    const refused = await browser
      .post('/api/user/passkey-login/verify')
      .send({ response: authenticator.authenticate(loginOptions.body) })
      .expect(401);
    expect(refused.body).toEqual({ message: twoFactorMessages.passkeyNotRecognised });

    const admin = testApp.browser();
    const adminOptions = await admin.post('/api/admin/passkey-login/options').expect(200);
    await admin
      .post('/api/admin/passkey-login/verify')
      .send({ response: authenticator.authenticate(adminOptions.body) })
      .expect(200, { status: 'Login successful', message: 'Login successful' });
    await admin.get('/api/admin/security').expect(200);
  });

  it('asks for the factor the account has before adding another, and then brings no new recovery codes', async () => {
    const member = await signedInMember();
    const { secret } = await enrolTotp(member.browser);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);

    const missing = await addPasskey(member, authenticator);
    expect(missing.status).toBe(403);
    expect(missing.body).toEqual({
      message: twoFactorMessages.stepUpRequired,
      fieldErrors: { secondFactor: [twoFactorMessages.stepUpRequired] },
    });

    const added = await addPasskey(member, authenticator, { secondFactor: { code: code(secret, 1) } });
    expect(added.status).toBe(201);
    expect(added.body.recoveryCodes).toBeUndefined();
    expect((await member.browser.get('/api/user/security').expect(200)).body).toMatchObject({
      totpEnabled: true,
      passkeys: [expect.objectContaining({ name: 'Work laptop' })],
      recoveryCodesLeft: 10,
    });
  });

  it('renames a passkey, and removes it with the password and a fresh assertion of a passkey', async () => {
    const member = await signedInMember();
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const added = await addPasskey(member, authenticator);
    const passkeyId = added.body.passkey.id as string;

    const renamed = await member.browser
      .patch(`/api/user/security/passkeys/${passkeyId}`)
      .send({ name: 'Phone' })
      .expect(200);
    expect(renamed.body).toEqual({
      message: twoFactorMessages.passkeyRenamed,
      passkey: { id: passkeyId, name: 'Phone', createdAt: expect.any(String), lastUsedAt: null },
    });
    await member.browser.patch('/api/user/security/passkeys/no-such-passkey').send({ name: 'x' }).expect(404);

    const stepUp = async () =>
      authenticator.authenticate(
        (await member.browser.post('/api/user/security/step-up/options').expect(200)).body,
      );
    const wrongPassword = await member.browser
      .post(`/api/user/security/passkeys/${passkeyId}/remove`)
      .send({ password: 'not the password', passkey: await stepUp() })
      .expect(400);
    expect(wrongPassword.body).toEqual({
      message: twoFactorMessages.passwordWrong,
      fieldErrors: { password: [twoFactorMessages.passwordWrong] },
    });
    const noFactor = await member.browser
      .post(`/api/user/security/passkeys/${passkeyId}/remove`)
      .send({ password: member.password })
      .expect(400);
    expect(noFactor.body.fieldErrors).toEqual({ code: [twoFactorMessages.stepUpFactorRequired] });

    await member.browser
      .post(`/api/user/security/passkeys/${passkeyId}/remove`)
      .send({ password: member.password, passkey: await stepUp() })
      .expect(200, { message: twoFactorMessages.passkeyRemoved });

    expect((await member.browser.get('/api/user/security').expect(200)).body).toMatchObject({
      enabled: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    expect(await eventTypes(member.userId)).toEqual(
      expect.arrayContaining(['PasskeyRenamed', 'SecondFactorRemoved', 'RecoveryCodesRevoked']),
    );
    expect(
      (await securityMails(member.email)).map((mail) => [mail.data.change, mail.data.passkeyName]),
    ).toEqual(
      expect.arrayContaining([
        ['passkey-renamed', 'Phone'],
        ['passkey-removed', 'Phone'],
      ]),
    );
    await passwordStep(member).then(({ response }) =>
      expect(response.body).toEqual(
        expect.objectContaining({ verificationRequired: false, status: 'Login successful' }),
      ),
    );
  });
});

describe('turning the authenticator app off and new recovery codes', () => {
  it('needs the password and a current code', async () => {
    const member = await signedInMember();
    const { secret } = await enrolTotp(member.browser);
    const disable = (body: object) => member.browser.post('/api/user/security/totp/disable').send(body);

    expect((await disable({ password: member.password })).body.fieldErrors).toEqual({
      code: [twoFactorMessages.stepUpFactorRequired],
    });
    expect((await disable({ password: 'not the password', code: code(secret, 1) })).status).toBe(400);
    const wrong = await disable({ password: member.password, code: code(secret, 4) });
    expect(wrong.status).toBe(422);
    expect((await member.browser.get('/api/user/security').expect(200)).body.totpEnabled).toBe(true);

    await disable({ password: member.password, code: code(secret, 1) }).then((response) =>
      expect(response.body).toEqual({ message: twoFactorMessages.totpDisabled }),
    );

    expect((await member.browser.get('/api/user/security').expect(200)).body).toMatchObject({
      enabled: false,
      totpEnabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await securityMails(member.email)).map((mail) => mail.data.change)).toContain('totp-disabled');
    const { response } = await passwordStep(member);
    expect(response.body.status).toBe(identityMessages.loggedIn);
  });

  it('takes a fresh passkey assertion as the current factor instead of a code', async () => {
    const member = await signedInMember();
    const { secret } = await enrolTotp(member.browser);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const added = await addPasskey(member, authenticator, {
      name: 'Phone',
      secondFactor: { code: code(secret, 1) },
    });
    expect(added.status).toBe(201);
    const stepUp = async () =>
      authenticator.authenticate(
        (await member.browser.post('/api/user/security/step-up/options').expect(200)).body,
      );
    const disable = (body: object) => member.browser.post('/api/user/security/totp/disable').send(body);

    const wrongPassword = await disable({ password: 'not the password', passkey: await stepUp() });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.fieldErrors).toEqual({ password: [twoFactorMessages.passwordWrong] });
    // An assertion answers its challenge once.
    const used = await stepUp();
    await disable({ password: member.password, passkey: used }).expect(200, {
      message: twoFactorMessages.totpDisabled,
    });

    expect((await member.browser.get('/api/user/security').expect(200)).body).toMatchObject({
      enabled: true,
      totpEnabled: false,
      passkeys: [expect.objectContaining({ name: 'Phone' })],
    });
    expect((await securityMails(member.email)).map((mail) => mail.data.change)).toContain('totp-disabled');
  });

  it('regenerates the recovery codes with the password and a code: the old ones stop working', async () => {
    const member = await signedInMember();
    const { secret, recoveryCodes: old } = await enrolTotp(member.browser);

    const fresh = await member.browser
      .post('/api/user/security/recovery-codes')
      .send({ password: member.password, code: code(secret, 1) })
      .expect(200);

    expect(fresh.body.message).toBe(twoFactorMessages.recoveryCodesGenerated);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect(fresh.body.recoveryCodes).not.toContain(old[0]);
    const { browser } = await passwordStep(member);
    await browser.post('/api/user/login/two-factor').send({ recoveryCode: old[0] }).expect(422);
    await browser
      .post('/api/user/login/two-factor')
      .send({ recoveryCode: fresh.body.recoveryCodes[0] })
      .expect(200);
  });
});

describe('staff', () => {
  it('without a second factor reach only the security screen, their profile and logout until they set one up', async () => {
    const staff = await staffWithoutSecondFactor(testApp, 'admin');

    const refused = await staff.browser.get('/api/admin/users').expect(403);
    expect(refused.body).toEqual({ message: twoFactorMessages.setUpFirst });
    await staff.browser.get('/api/admin/queues').expect(403);
    await staff.browser.get('/api/admin').expect(200);
    expect((await staff.browser.get('/api/admin/security').expect(200)).body).toMatchObject({
      enabled: false,
      required: true,
    });

    const { secret } = await enrolTotp(staff.browser, '/api/admin/security');

    await staff.browser.get('/api/admin/users').expect(200);
    const login = await testApp
      .browser()
      .post('/api/admin/login')
      .send({ email: staff.email, password: staff.password })
      .expect(200);
    expect(login.body).toMatchObject({ twoFactorRequired: true, methods: ['totp', 'recovery'] });
    expect(setCookie(login, 'ls_pending_login')).toMatch(/Path=\/api\/admin\/login;/);

    const lastFactor = await staff.browser
      .post('/api/admin/security/totp/disable')
      .send({ password: staff.password, code: code(secret, 1) })
      .expect(409);
    expect(lastFactor.body).toEqual({ message: twoFactorMessages.staffKeepsAFactor });
    await staff.browser.post('/api/admin/logout').expect(200);
  });

  it('Given a session opened with the password alone, When the first factor is set up in another session, Then that session ends', async () => {
    const staff = await staffWithoutSecondFactor(testApp, 'admin');
    // Someone else with the password, in a session of their own.
    const other = testApp.browser();
    await other.post('/api/admin/login').send({ email: staff.email, password: staff.password }).expect(200, {
      status: 'Login successful',
      message: 'Login successful',
      twoFactorSetupRequired: true,
    });

    await enrolTotp(staff.browser, '/api/admin/security');

    await other.get('/api/admin/users').expect(401);
    await other.get('/api/admin').expect(401);
    await staff.browser.get('/api/admin/users').expect(200);
    const ended = (await testApp.events(staff.userId)).filter((event) => event.type === 'SessionEnded');
    expect(ended.map((event) => event.data)).toEqual([
      expect.objectContaining({ reason: 'second-factor-added' }),
    ]);
  });

  it('Given a member signed in on two devices, When a first passkey is added on one, Then the other is signed out', async () => {
    const member = await signedInMember();
    const otherDevice = await signedIn(testApp, member);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    expect((await addPasskey(member, authenticator)).status).toBe(201);

    await otherDevice.get('/api/user').expect(401);
    await member.browser.get('/api/user').expect(200);
  });

  it('applies to auditors too', async () => {
    const auditor = await staffWithoutSecondFactor(testApp, 'auditor');

    await auditor.browser.get('/api/admin/users').expect(403, { message: twoFactorMessages.setUpFirst });
    await enrolTotp(auditor.browser, '/api/admin/security');
    await auditor.browser.get('/api/admin/users').expect(200);
  });
});

describe("an admin's reset of a user's second factors", () => {
  const reason = 'Lost phone; identity checked on a video call';
  const resetOf = (admin: { browser: TestAgent }, userId: string, body: object = { reason }) =>
    admin.browser.post(`/api/admin/users/${userId}/second-factors/reset`).send(body);

  it('removes the app, every passkey and the recovery codes, signs the member out, records and mails it', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const member = await signedInMember();
    const { secret } = await enrolTotp(member.browser);
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const options = await member.browser.post('/api/user/security/passkeys/options').expect(200);
    await member.browser
      .post('/api/user/security/passkeys')
      .send({
        password: MEMBER_PASSWORD,
        name: 'Phone',
        response: authenticator.register(options.body),
        secondFactor: { code: code(secret, 1) },
      })
      .expect(201);
    const { browser: waiting } = await passwordStep(member);

    await resetOf(admin, member.userId).expect(200, { message: twoFactorMessages.secondFactorsReset });

    await member.browser.get('/api/user').expect(401);
    await waiting
      .post('/api/user/login/two-factor')
      .send({ code: code(secret, 2) })
      .expect(400, { message: twoFactorMessages.pendingLoginExpired });
    const { browser, response } = await passwordStep(member);
    expect(response.body.status).toBe(identityMessages.loggedIn);
    expect((await browser.get('/api/user/security').expect(200)).body).toMatchObject({
      enabled: false,
      totpEnabled: false,
      passkeys: [],
      recoveryCodesLeft: 0,
    });
    const events = await testApp.events(member.userId);
    const recorded = events.find((event) => event.type === 'SecondFactorsResetByAdmin');
    expect(recorded?.data).toEqual({ userId: member.userId, adminId: admin.userId, reason });
    expect(recorded?.metadata).toMatchObject({ actorId: admin.userId, actorRole: 'admin' });
    expect(
      events.filter(
        (event) =>
          event.type === 'SessionEnded' &&
          (event.data as { reason: string }).reason === 'second-factors-reset',
      ),
    ).toHaveLength(1);
    const mail = (await securityMails(member.email)).find(
      (job) => job.data.change === 'second-factors-reset',
    );
    expect(mail?.data).toMatchObject({ changedBy: 'admin', device: null, ip: null });
    expect(JSON.stringify(mail)).not.toContain(admin.email);
  });

  it("resets another staff member, who is back on the setup screen, but never the admin's own", async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const other = await staffSignedIn(testApp, 'admin');

    const own = await resetOf(admin, admin.userId).expect(403);
    expect(own.body).toEqual({ message: twoFactorMessages.ownFactorsReset });
    await admin.browser.get('/api/admin/users').expect(200);

    await resetOf(admin, other.userId).expect(200);
    await other.browser.get('/api/admin').expect(401);
    const login = await testApp
      .browser()
      .post('/api/admin/login')
      .send({ email: other.email, password: other.password })
      .expect(200);
    expect(login.body).toMatchObject({ twoFactorSetupRequired: true });
  });

  it('refuses a missing or short reason, a user with nothing to reset, an unknown id and an auditor', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const auditor = await staffSignedIn(testApp, 'auditor');
    const member = await signedInMember();

    const noReason = await resetOf(admin, member.userId, {}).expect(400);
    expect(noReason.body.fieldErrors).toEqual({ reason: [twoFactorMessages.resetReasonInvalid] });
    const short = await resetOf(admin, member.userId, { reason: ' x ' }).expect(400);
    expect(short.body.fieldErrors).toEqual({ reason: [twoFactorMessages.resetReasonInvalid] });
    await resetOf(admin, member.userId, { reason: 'x'.repeat(501) }).expect(400);
    await resetOf(admin, member.userId).expect(409, { message: twoFactorMessages.nothingToReset });
    await resetOf(admin, '00000000-0000-4000-8000-000000000000').expect(404);
    await resetOf(admin, 'not-an-id').expect(404);
    await enrolTotp(member.browser);
    await resetOf(auditor, member.userId).expect(403);
    await member.browser.get('/api/user').expect(200);
    expect(await eventTypes(member.userId)).not.toContain('SecondFactorsResetByAdmin');
  });
});

describe('active sessions', () => {
  it('lists the open sessions with device, address and times, and signs out one or every other', async () => {
    const details = await activeMember(testApp);
    const login = async (userAgent: string) => {
      const browser = testApp.browser().set('User-Agent', userAgent);
      await browser
        .post('/api/user/login')
        .send({ email: details.email, password: details.password })
        .expect(200);
      return browser;
    };
    const mac = await login(CHROME_MAC);
    const windows = await login(FIREFOX_WINDOWS);
    const third = await login(CHROME_MAC);

    const overview = await mac.get('/api/user/security').expect(200);
    const sessions = overview.body.sessions as { id: string; device: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toEqual([
      expect.objectContaining({ device: 'Chrome on macOS', ip: expect.any(String) }),
    ]);
    expect(sessions.filter((session) => !session.current)).toContainEqual({
      id: expect.any(String),
      device: 'Chrome on macOS',
      ip: expect.any(String),
      signedInAt: testApp.clock.now().toISOString(),
      lastActiveAt: testApp.clock.now().toISOString(),
      current: false,
    });
    const windowsSession = sessions.find((session) => session.device === 'Firefox on Windows');

    await mac.post(`/api/user/security/sessions/${windowsSession?.id}/sign-out`).expect(200, {
      message: twoFactorMessages.sessionSignedOut,
    });
    await windows.get('/api/user').expect(401);
    const current = sessions.find((session) => session.current);
    await mac
      .post(`/api/user/security/sessions/${current?.id}/sign-out`)
      .expect(409, { message: twoFactorMessages.useLogoutForCurrent });
    await mac.post(`/api/user/security/sessions/${windowsSession?.id}/sign-out`).expect(404);

    await mac.post('/api/user/security/sessions/sign-out-others').expect(200, {
      message: twoFactorMessages.otherSessionsSignedOut,
      signedOut: 1,
    });
    await third.get('/api/user').expect(401);
    await mac.get('/api/user').expect(200);
    expect((await mac.get('/api/user/security').expect(200)).body.sessions).toHaveLength(1);
    const ended = (await testApp.events(details.userId)).filter(
      (event) =>
        event.type === 'SessionEnded' && (event.data as { reason: string }).reason === 'signed-out-elsewhere',
    );
    expect(ended).toHaveLength(2);
    expect((await securityMails(details.email)).map((mail) => mail.data.change)).toEqual(
      expect.arrayContaining(['sessions-signed-out']),
    );
  });
});

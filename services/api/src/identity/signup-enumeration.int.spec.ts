import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { identityMessages } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import { PasswordHasher } from './application/password-hasher.js';
import { closeMember } from './persistence/users.js';
import {
  activeMember,
  member,
  PUBLIC_URL,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';

let testApp: IdentityTestApp;
let hashes = 0;

beforeAll(async () => {
  testApp = await startIdentityTestApp('identity_signup_enumeration', {
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_VERIFY_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
    // The signup's own mail counts as the first send: one resend is then left in the minute.
    RATE_LIMIT_RESEND_PER_ACCOUNT_MINUTE: '2',
  });
  const hasher = testApp.app.get(PasswordHasher);
  const hash = hasher.hash.bind(hasher);
  hasher.hash = (password) => {
    hashes += 1;
    return hash(password);
  };
});

afterAll(async () => {
  await testApp?.close();
});

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** The answer as a client sees it, less what differs on every call (the cookie's value and dates, the ids). */
function shape(answer: Answer) {
  const cookies = (answer.headers['set-cookie'] as string[] | undefined) ?? [];
  return {
    status: answer.status,
    body: answer.body,
    cookies: cookies.map((cookie) => cookie.replace(/=[^;]*/, '=…').replace(/Expires=[^;]+/, 'Expires=…')),
  };
}

async function users(email: string) {
  return testApp.db.selectFrom('users').select('id').where('email', 'ilike', email).execute();
}

/** Signs up with `email` in a fresh browser that keeps the verification cookie. */
async function signUpAs(email: string): Promise<{ browser: TestAgent; answer: Answer }> {
  const browser = testApp.browser();
  const answer = await browser.post('/api/user').send(member({ email }));
  return { browser, answer };
}

describe('signing up with an address that already has an account', () => {
  it('answers exactly as for a new address, after the same password hashing', async () => {
    const owner = await activeMember(testApp);
    const fresh = member().email;

    let before = hashes;
    const taken = await signUpAs(owner.email.toUpperCase());
    const hashedForTaken = hashes - before;
    before = hashes;
    const created = await signUpAs(fresh);
    const hashedForNew = hashes - before;

    expect(shape(taken.answer)).toEqual(shape(created.answer));
    expect(taken.answer.status).toBe(201);
    expect(taken.answer.body).toEqual({ message: identityMessages.signedUp });
    expect(hashedForTaken).toBe(1);
    expect(hashedForNew).toBe(1);
    expect(await users(owner.email)).toHaveLength(1);
  });

  it('mails the owner that someone tried, once an hour, and no code', async () => {
    const owner = await activeMember(testApp);
    const codesBefore = (await testApp.mailJobs()).filter(
      (job) => job.mail.to === owner.email && job.mail.template === 'verification-code',
    );

    await signUpAs(owner.email);
    await signUpAs(owner.email);

    const mails = (await testApp.mailJobs()).filter((job) => job.mail.to === owner.email);
    const notices = mails.filter((job) => job.mail.template === 'signup-attempted');
    expect(notices.map((job) => job.mail.data)).toEqual([
      {
        firstName: owner.firstName,
        loginUrl: `${PUBLIC_URL}/login`,
        forgotPasswordUrl: `${PUBLIC_URL}/forgot-password`,
      },
    ]);
    expect(mails.filter((job) => job.mail.template === 'verification-code')).toEqual(codesBefore);
  });

  it("sends staff to the admin pages, and leaves the staff member's account as it was", async () => {
    const staff = await staffSignedIn(testApp, 'auditor');

    const { answer } = await signUpAs(staff.email);

    expect(answer.status).toBe(201);
    expect((await testApp.lastMail('signup-attempted', staff.email)).data).toEqual({
      firstName: 'Grace',
      loginUrl: `${PUBLIC_URL}/admin-login`,
      forgotPasswordUrl: `${PUBLIC_URL}/admin-forgot-password`,
    });
    await testApp
      .browser()
      .post('/api/admin/login')
      .send({ email: staff.email, password: staff.password })
      .expect(200);
  });
});

describe('verifying after such a signup', () => {
  /** The same calls on a real new signup and on one with a registered address; their answers side by side. */
  async function bothAnswer(call: (browser: TestAgent) => Promise<Answer>) {
    return {
      created: shape(await call(created)),
      taken: shape(await call(taken)),
    };
  }

  let created: TestAgent;
  let taken: TestAgent;

  beforeAll(async () => {
    const owner = await activeMember(testApp);
    created = (await signUpAs(member().email)).browser;
    taken = (await signUpAs(owner.email)).browser;
  });

  it('answers wrong codes the same, up to the lock after five', async () => {
    for (let n = 1; n <= 6; n++) {
      const { created: forNew, taken: forTaken } = await bothAnswer((browser) =>
        browser.patch('/api/user/verify').send({ verifyCode: `00000${n}` }),
      );
      expect(forTaken).toEqual(forNew);
      expect(forTaken.status).toBe(400);
    }
    const last = await taken.patch('/api/user/verify').send({ verifyCode: '000007' });
    expect(last.body).toEqual({
      message: identityMessages.tooManyWrongCodes,
      fieldErrors: { verifyCode: [identityMessages.tooManyWrongCodes] },
    });
  });

  it('answers a resend the same, a second one within the minute too', async () => {
    // The wait is counted down in real time, so the second answer, a moment later, may say a second less.
    const waitOf = (answer: ReturnType<typeof shape>) =>
      Number(/in (\d+) seconds/.exec(String((answer.body as { message?: unknown }).message))?.[1] ?? 0);
    const withoutWait = (answer: ReturnType<typeof shape>) =>
      JSON.parse(JSON.stringify(answer).replace(/in \d+ seconds/g, 'in N seconds')) as unknown;
    for (let n = 1; n <= 2; n++) {
      const { created: forNew, taken: forTaken } = await bothAnswer((browser) =>
        browser.post('/api/user/verify/resend'),
      );
      expect(withoutWait(forTaken)).toEqual(withoutWait(forNew));
      expect(Math.abs(waitOf(forTaken) - waitOf(forNew))).toBeLessThanOrEqual(1);
      expect(forTaken.status).toBe(n === 1 ? 200 : 429);
    }
  });

  it('after a resend, answers a wrong code and then an expired code the same', async () => {
    const wrong = await bothAnswer((browser) =>
      browser.patch('/api/user/verify').send({ verifyCode: '123456' }),
    );
    expect(wrong.taken).toEqual(wrong.created);
    expect(wrong.taken.body).toEqual({
      message: identityMessages.wrongCode,
      fieldErrors: { verifyCode: [identityMessages.wrongCode] },
    });

    testApp.clock.advanceMinutes(10);
    const expired = await bothAnswer((browser) =>
      browser.patch('/api/user/verify').send({ verifyCode: '123456' }),
    );
    expect(expired.taken).toEqual(expired.created);
    expect(expired.taken.body).toEqual({
      message: identityMessages.codeExpired,
      fieldErrors: { verifyCode: [identityMessages.codeExpired] },
    });
  });
});

describe('signing in with the password such a signup gave', () => {
  const probePassword = 'a probe passphrase 8472';

  /** Signs up with `email` and `password`, then signs in with `password` in the same fresh browser. */
  async function signUpThenLogIn(email: string, password: string) {
    const browser = testApp.browser();
    await browser.post('/api/user').send(member({ email, password })).expect(201);
    const answer = await logIn(browser, email, password);
    return { browser, answer };
  }

  function logIn(browser: TestAgent, email: string, password: string) {
    return browser.post('/api/user/login').send({ email, password, rememberMe: false });
  }

  it('asks for verification, as for a new address, and then answers its codes the same', async () => {
    const owner = await activeMember(testApp);
    const createdEmail = member().email;
    const created = await signUpThenLogIn(createdEmail, probePassword);
    const taken = await signUpThenLogIn(owner.email, probePassword);

    expect(shape(taken.answer)).toEqual(shape(created.answer));
    expect(taken.answer.body).toEqual({
      status: identityMessages.verifyFirst,
      message: identityMessages.verifyFirst,
      verificationRequired: true,
    });
    // Signing in again within the minute: no new code for either, and both say the last one stands.
    const [takenAgain, createdAgain] = await Promise.all(
      [taken, created].map(({ browser }, index) =>
        logIn(browser, index === 0 ? owner.email : createdEmail, probePassword),
      ),
    );
    expect(shape(takenAgain!)).toEqual(shape(createdAgain!));
    expect(takenAgain!.body.message).toBe(identityMessages.verifyWithLastCode);
    for (let n = 1; n <= 6; n++) {
      const forNew = await created.browser.patch('/api/user/verify').send({ verifyCode: `00000${n}` });
      const forTaken = await taken.browser.patch('/api/user/verify').send({ verifyCode: `00000${n}` });
      expect(shape(forTaken)).toEqual(shape(forNew));
    }
  });

  it("refuses a later signup's password, as a new address refuses its second signup's", async () => {
    const owner = await activeMember(testApp);
    const fresh = member().email;
    for (const email of [fresh, owner.email]) {
      await testApp
        .browser()
        .post('/api/user')
        .send(member({ email, password: probePassword }))
        .expect(201);
    }

    const answers = [];
    for (const email of [fresh, owner.email]) {
      const browser = testApp.browser();
      await browser
        .post('/api/user')
        .send(member({ email, password: 'another passphrase 5531' }))
        .expect(201);
      answers.push(shape(await logIn(browser, email, 'another passphrase 5531')));
    }

    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]?.status).toBe(401);
  });

  it('leaves the owner signing in with their own password, and a wrong one refused as anywhere', async () => {
    const owner = await activeMember(testApp);
    await signUpThenLogIn(owner.email, probePassword);

    const own = await logIn(testApp.browser(), owner.email, owner.password);
    expect(own.status).toBe(200);
    expect(own.body).toEqual(expect.objectContaining({ verificationRequired: false }));
    const wrongForOwner = await logIn(testApp.browser(), owner.email, 'not the passphrase 1');
    const wrongForNew = await logIn(testApp.browser(), member().email, 'not the passphrase 1');
    expect(shape(wrongForOwner)).toEqual(shape(wrongForNew));
    expect(wrongForOwner.status).toBe(401);
  });

  it("gives an address whose account is unverified no decoy: its first signup's password stays the one", async () => {
    const pending = member();
    await testApp.browser().post('/api/user').send(pending).expect(201);

    const { answer } = await signUpThenLogIn(pending.email, probePassword);

    expect(answer.status).toBe(401);
  });

  it('keeps no decoy once the address is free: closing the account forgets it', async () => {
    const owner = await activeMember(testApp);
    await signUpThenLogIn(owner.email, probePassword);
    const decoys = () =>
      testApp.db
        .selectFrom('signup_decoys')
        .select('email')
        .where('email', '=', owner.email.toLowerCase())
        .execute();
    expect(await decoys()).toHaveLength(1);

    await testApp.db.transaction().execute((trx) => closeMember(trx, owner.userId, testApp.clock.now()));

    expect(await decoys()).toHaveLength(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { twoFactorMessages } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import { totpCodeAt } from './identity/index.js';
import {
  BITCOIN,
  BITCOIN_ADDRESS,
  ETHEREUM_ADDRESS,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from './testing/accounts-test-app.js';
import { MEMBER_PASSWORD, PUBLIC_URL } from './testing/identity-test-app.js';
import { savePayoutAddresses } from './testing/account-steps.js';
import { SoftwareAuthenticator } from './testing/software-authenticator.js';

const OTHER_BITCOIN = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const USDT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

let testApp: AccountsTestApp;
let admin: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('step_up');
  admin = await testApp.admin();
});

afterAll(async () => {
  await testApp?.close();
});

function code(secret: string, steps = 0): string {
  return totpCodeAt(secret, new Date(testApp.clock.now().getTime() + steps * 30_000));
}

/**
 * A member with 1,000.00 available and the authenticator app on; the app's secret. With `addressBook`, the member
 * saved the test payout addresses before turning the app on, as withdrawals go only to the address book.
 */
async function memberWithTotp({ addressBook = false } = {}) {
  const member = await testApp.member();
  await admin.browser
    .put(`/api/admin/users/${member.userId}/balances`)
    .send({ available: { shown: '0.00', target: '1000.00' }, reason: 'Opening balance', version: 0 })
    .expect(200);
  if (addressBook) await savePayoutAddresses(member.browser);
  const setup = await member.browser.post('/api/user/security/totp/setup').expect(200);
  const secret = setup.body.setupKey as string;
  await member.browser
    .post('/api/user/security/totp/confirm')
    .send({ password: MEMBER_PASSWORD, code: code(secret) })
    .expect(200);
  return { ...member, secret };
}

function withdraw(browser: TestAgent, form: Record<string, unknown> = {}) {
  return browser
    .post('/api/withdraw')
    .send({ amount: '100.00', payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS, ...form });
}

const wallets = { bitcoin: BITCOIN_ADDRESS, ethereum: ETHEREUM_ADDRESS, usdt: USDT };

describe('a withdrawal, once the member has two-step verification on', () => {
  it('is refused without a second factor (403) and with a wrong one (422), and reserves nothing', async () => {
    const member = await memberWithTotp({ addressBook: true });

    const missing = await withdraw(member.browser).expect(403);
    const wrong = await withdraw(member.browser, { secondFactor: { code: code(member.secret, 4) } }).expect(
      422,
    );

    expect(missing.body).toEqual({
      message: twoFactorMessages.stepUpRequired,
      fieldErrors: { secondFactor: [twoFactorMessages.stepUpRequired] },
    });
    expect(wrong.body).toEqual({
      message: twoFactorMessages.wrongCode,
      fieldErrors: { secondFactor: [twoFactorMessages.wrongCode] },
    });
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 100_000n,
      reserved: 0n,
    });
    expect((await testApp.accountEvents(member.userId)).map((event) => event.type)).toEqual([
      'BalanceAdjusted',
      'PayoutAddressSaved',
      'PayoutAddressSaved',
      'PayoutAddressSaved',
    ]);
  });

  it('goes through with a fresh code, which does not pass a second time', async () => {
    const member = await memberWithTotp({ addressBook: true });
    const fresh = code(member.secret, 1);

    await withdraw(member.browser, { secondFactor: { code: fresh } }).expect(201);
    await withdraw(member.browser, { secondFactor: { code: fresh } }).expect(422);

    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 90_000n,
      reserved: 10_000n,
    });
  });

  it('answers a retry with the same Idempotency-Key as the first time, whatever code it carries', async () => {
    const member = await memberWithTotp({ addressBook: true });
    const key = 'step-up-retry-0001';

    const first = await withdraw(member.browser, { secondFactor: { code: code(member.secret, 1) } })
      .set('Idempotency-Key', key)
      .expect(201);
    const retry = await withdraw(member.browser, { secondFactor: { code: code(member.secret, 1) } })
      .set('Idempotency-Key', key)
      .expect(201);

    expect(retry.body).toEqual(first.body);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({ reserved: 10_000n });
  });

  it('goes through with a passkey assertion answering the step-up challenge, once', async () => {
    const member = await memberWithTotp({ addressBook: true });
    const authenticator = new SoftwareAuthenticator(PUBLIC_URL);
    const options = await member.browser.post('/api/user/security/passkeys/options').expect(200);
    await member.browser
      .post('/api/user/security/passkeys')
      .send({
        password: MEMBER_PASSWORD,
        name: 'Phone',
        response: authenticator.register(options.body),
        secondFactor: { code: code(member.secret, 1) },
      })
      .expect(201);

    const challenge = await member.browser.post('/api/user/security/step-up/options').expect(200);
    const assertion = authenticator.authenticate(challenge.body);
    await withdraw(member.browser, { secondFactor: { passkey: assertion } }).expect(201);
    await withdraw(member.browser, { secondFactor: { passkey: assertion } }).expect(422);

    testApp.clock.advanceMinutes(6);
    const stale = authenticator.authenticate(
      (await member.browser.post('/api/user/security/step-up/options').expect(200)).body,
    );
    // Answered six minutes after the challenge was issued: a passkey step-up is fresh for five.
    testApp.clock.advanceMinutes(6);
    await withdraw(member.browser, { secondFactor: { passkey: stale } }).expect(422);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({ reserved: 10_000n });
  });

  it('asks nothing of a member without a second factor', async () => {
    const member = await testApp.member();
    await admin.browser
      .put(`/api/admin/users/${member.userId}/balances`)
      .send({ available: { shown: '0.00', target: '1000.00' }, reason: 'Opening balance', version: 0 })
      .expect(200);
    await savePayoutAddresses(member.browser);

    await withdraw(member.browser).expect(201);
    // A code sent all the same (a form from before the factor was removed) is not checked against nothing.
    await withdraw(member.browser, { secondFactor: { code: '000000' } }).expect(201);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({ reserved: 20_000n });
  });
});

describe('saving payout wallets, once the member has two-step verification on', () => {
  it('is refused without a fresh second factor and changes nothing; goes through with one', async () => {
    const member = await memberWithTotp();
    await member.browser.put('/api/user/wallets').send(wallets).expect(403);
    await member.browser
      .put('/api/user/wallets')
      .send({ ...wallets, secondFactor: { code: code(member.secret, 4) } })
      .expect(422);
    expect((await member.browser.get('/api/user/wallets').expect(200)).body.bitcoin).toBeNull();

    await member.browser
      .put('/api/user/wallets')
      .send({ ...wallets, bitcoin: OTHER_BITCOIN, secondFactor: { code: code(member.secret, 1) } })
      .expect(200);

    expect((await member.browser.get('/api/user/wallets').expect(200)).body.bitcoin).toBe(OTHER_BITCOIN);
    expect((await testApp.events(member.userId)).map((event) => event.type)).toContain(
      'PayoutWalletsChanged',
    );
  });

  it('takes a recovery code, which is used up', async () => {
    const member = await testApp.member();
    const setup = await member.browser.post('/api/user/security/totp/setup').expect(200);
    const confirmed = await member.browser
      .post('/api/user/security/totp/confirm')
      .send({ password: MEMBER_PASSWORD, code: code(setup.body.setupKey as string) })
      .expect(200);
    const [recovery] = confirmed.body.recoveryCodes as string[];

    await member.browser
      .put('/api/user/wallets')
      .send({ ...wallets, secondFactor: { code: recovery } })
      .expect(200);
    await member.browser
      .put('/api/user/wallets')
      .send({ ...wallets, bitcoin: OTHER_BITCOIN, secondFactor: { code: recovery } })
      .expect(422);

    expect((await member.browser.get('/api/user/security').expect(200)).body.recoveryCodesLeft).toBe(9);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LOCK_LINK_HOURS, readLockLink } from '@ledgerstone/process-kit';
import type TestAgent from 'supertest/lib/agent.js';
import {
  activeMember,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../testing/identity-test-app.js';
import type { ApiConfig } from '../shared/config/config.js';
import { API_CONFIG, MAIL_QUEUE, type MailQueue } from '../shared/infrastructure/infrastructure.tokens.js';

const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETHEREUM_LOWER = '0x52908400098527886e0f7030069857d2e4169ee7';
const ETHEREUM = '0x52908400098527886E0F7030069857D2E4169EE7';
const USDT = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA = 'So11111111111111111111111111111111111111112';
const OTHER_BITCOIN = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';

const NOTHING_STORED = { bitcoin: null, ethereum: null, usdt: null, solana: null };
/** The identity test app keeps the default cooling period of a new payout address. */
const COOLING_MS = 48 * 3_600_000;

let testApp: IdentityTestApp;

beforeAll(async () => {
  testApp = await startIdentityTestApp('payout_wallets', {
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
  });
});

afterAll(async () => {
  await testApp?.close();
});

async function signedInMember(): Promise<{ browser: TestAgent; userId: string; email: string }> {
  const details = await activeMember(testApp);
  return { browser: await signedIn(testApp, details), userId: details.userId, email: details.email };
}

async function walletMails(to: string) {
  return (await testApp.mailJobs()).filter(
    ({ mail }) => mail.template === 'payout-wallets-changed' && mail.to === to,
  );
}

async function walletEvents(userId: string) {
  return (await testApp.events(userId)).filter((event) => event.type === 'PayoutWalletsChanged');
}

describe('PUT and GET /api/user/wallets', () => {
  it('stores the canonical addresses and reads them back', async () => {
    const member = await signedInMember();
    await member.browser.get('/api/user/wallets').expect(200, NOTHING_STORED);

    await member.browser
      .put('/api/user/wallets')
      .send({ bitcoin: `  ${BITCOIN.toUpperCase()}\n`, ethereum: ETHEREUM_LOWER, usdt: USDT, solana: SOLANA })
      .expect(200, { message: 'Wallet address saved successfully' });

    await member.browser
      .get('/api/user/wallets')
      .expect(200, { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT, solana: SOLANA });
  });

  it('refuses a bad address per field with its message and stores nothing', async () => {
    const member = await signedInMember();

    const response = await member.browser
      .put('/api/user/wallets')
      .send({ bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx', usdt: BITCOIN, solana: ETHEREUM })
      .expect(400);

    expect(response.body.fieldErrors).toEqual({
      bitcoin: ['Enter a valid Bitcoin address'],
      ethereum: ['Ethereum address is required'],
      usdt: ['Enter a valid USDT (ERC-20) address'],
      solana: ['Enter a valid Solana address'],
    });
    await member.browser.get('/api/user/wallets').expect(200, NOTHING_STORED);
    expect(await walletMails(member.email)).toEqual([]);
    expect(await walletEvents(member.userId)).toEqual([]);
  });

  it('keeps the stored addresses when one field of a later save is bad', async () => {
    const member = await signedInMember();
    await member.browser
      .put('/api/user/wallets')
      .send({ bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT })
      .expect(200);

    const response = await member.browser
      .put('/api/user/wallets')
      .send({
        bitcoin: OTHER_BITCOIN,
        ethereum: ETHEREUM,
        usdt: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
      })
      .expect(400);

    expect(Object.keys(response.body.fieldErrors)).toEqual(['usdt']);
    await member.browser
      .get('/api/user/wallets')
      .expect(200, { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT, solana: null });
    expect(await walletMails(member.email)).toHaveLength(1);
  });

  it('keeps Solana when the save leaves it out and removes it on null', async () => {
    const member = await signedInMember();
    const wallets = { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT };
    await member.browser
      .put('/api/user/wallets')
      .send({ ...wallets, solana: SOLANA })
      .expect(200);

    await member.browser.put('/api/user/wallets').send(wallets).expect(200);
    await member.browser.get('/api/user/wallets').expect(200, { ...wallets, solana: SOLANA });

    await member.browser
      .put('/api/user/wallets')
      .send({ ...wallets, solana: null })
      .expect(200);
    await member.browser.get('/api/user/wallets').expect(200, { ...wallets, solana: null });
    const mails = await walletMails(member.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]?.mail.data).toMatchObject({ changes: [{ wallet: 'solana', address: null }] });
  });
});

describe('a change of payout wallets', () => {
  it('mails the member the changed wallets, masked, and records the wallet names only', async () => {
    const member = await signedInMember();
    await member.browser
      .put('/api/user/wallets')
      .send({ bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT })
      .expect(200);
    const [first] = await walletMails(member.email);
    const [firstEvent] = await walletEvents(member.userId);
    expect(firstEvent?.data).toEqual({ userId: member.userId, networks: ['bitcoin', 'ethereum', 'usdt'] });

    await member.browser
      .put('/api/user/wallets')
      .send({ bitcoin: OTHER_BITCOIN, ethereum: ETHEREUM, usdt: USDT, solana: SOLANA })
      .expect(200);

    const mails = await walletMails(member.email);
    const events = await walletEvents(member.userId);
    expect(mails).toHaveLength(2);
    expect(events).toHaveLength(2);
    const [, change] = mails;
    const [, event] = events;
    const now = testApp.clock.now();
    expect(change?.mail.data).toEqual({
      firstName: 'Ada',
      changedAt: now.toISOString(),
      changes: [
        { wallet: 'bitcoin', address: '3J98t1…WNLy' },
        { wallet: 'solana', address: 'So1111…1112' },
      ],
      usableFrom: new Date(now.getTime() + COOLING_MS).toISOString(),
      walletsUrl: 'http://ledgerstone.test/dashboard/update-wallet',
      lockUrl: expect.stringMatching(/^http:\/\/ledgerstone\.test\/lock-account\?token=[^&]+$/),
    });
    // The lock link locks this member's account, once (the change names it), for a day.
    const lockUrl = new URL((change?.mail.data as { lockUrl: string }).lockUrl);
    const accountLinkKey = testApp.app.get<ApiConfig>(API_CONFIG).accountLinkKey;
    expect(readLockLink(accountLinkKey, lockUrl.searchParams.get('token') ?? '')).toEqual({
      userId: member.userId,
      linkId: event?.id,
      expiresAt: new Date(Math.floor((now.getTime() + LOCK_LINK_HOURS * 3_600_000) / 1000) * 1000),
    });
    expect(event?.data).toEqual({ userId: member.userId, networks: ['bitcoin', 'solana'] });
    expect(event?.metadata).toMatchObject({ actorId: member.userId, actorRole: 'member' });
    const recorded = JSON.stringify([event?.data, event?.metadata]);
    expect(recorded).not.toContain(OTHER_BITCOIN);
    expect(recorded).not.toContain(SOLANA);
    // Each change has a job of its own, named by the change's event.
    expect(change?.id).toBe(event?.id);
    expect(first?.id).toBe(firstEvent?.id);
    const job = await testApp.app.get<MailQueue>(MAIL_QUEUE).getJob(change?.id ?? '');
    expect(job?.opts).toMatchObject({ attempts: 5, backoff: { type: 'mail-backoff' } });
  });

  it('sends nothing and records nothing when the same addresses are saved again', async () => {
    const member = await signedInMember();
    const wallets = { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT, solana: SOLANA };
    await member.browser.put('/api/user/wallets').send(wallets).expect(200);

    await member.browser
      .put('/api/user/wallets')
      .send({ ...wallets, bitcoin: BITCOIN.toUpperCase(), ethereum: ETHEREUM_LOWER })
      .expect(200, { message: 'Wallet address saved successfully' });

    expect(await walletMails(member.email)).toHaveLength(1);
    expect(await walletEvents(member.userId)).toHaveLength(1);
  });
});

describe('who may use /api/user/wallets', () => {
  it('shows a member only their own wallets', async () => {
    const memberA = await signedInMember();
    const memberB = await signedInMember();
    await memberA.browser
      .put('/api/user/wallets')
      .send({ bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT })
      .expect(200);

    await memberB.browser.get('/api/user/wallets').expect(200, NOTHING_STORED);
    await memberA.browser
      .get('/api/user/wallets')
      .expect(200, { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT, solana: null });
  });

  it('answers 401 without a session and 403 to an admin', async () => {
    const admin = await staffSignedIn(testApp, 'admin');
    const body = { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT };

    await testApp.browser().get('/api/user/wallets').expect(401);
    await testApp.browser().put('/api/user/wallets').send(body).expect(401);
    await admin.browser.get('/api/user/wallets').expect(403);
    await admin.browser.put('/api/user/wallets').send(body).expect(403);
    await admin.browser.get('/api/admin').expect(200);
  });
});

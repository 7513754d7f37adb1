import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { AddressBookBackfill } from './application/address-book-backfill.js';
import {
  BITCOIN,
  BITCOIN_ADDRESS,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { adjustBalancesAtCurrentVersion } from '../testing/account-steps.js';

/** Payout addresses saved before the address book existed enter it at start, as saved when they last changed. */

const DAY_MS = 86_400_000;

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await startAccountsTestApp('address_book_backfill', { WALLET_COOLING_HOURS: '48' });
});

afterAll(async () => {
  await testApp?.close();
});

describe('the address book backfill at start', () => {
  it('puts an address kept from before the book in it, usable at once when older than the cooling period; once', async () => {
    const member = await testApp.member();
    const admin = await testApp.admin();
    await adjustBalancesAtCurrentVersion(admin.browser, member.userId, {
      available: '100.00',
      reason: 'Opening balance',
    });
    const savedAt = new Date(testApp.clock.now().getTime() - 10 * DAY_MS);
    // The row as the platform wrote it before the address book: no event on the account.
    await sql`
      insert into payout_wallets (user_id, bitcoin, ethereum, usdt, solana, updated_at)
      values (${member.userId}, ${BITCOIN_ADDRESS}, null, null, null, ${savedAt})
    `.execute(testApp.db);
    const withdraw = () =>
      member.browser
        .post('/api/withdraw')
        .send({ amount: '10.00', payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS });
    await withdraw().expect(400);

    const backfill = testApp.app.get(AddressBookBackfill);
    expect(await backfill.run()).toBe(1);
    expect(await backfill.run()).toBe(0);

    const saved = (await testApp.accountEvents(member.userId)).filter(
      (event) => event.type === 'PayoutAddressSaved',
    );
    expect(saved.map((event) => event.data)).toEqual([
      expect.objectContaining({
        wallet: 'bitcoin',
        savedAt: savedAt.toISOString(),
        usableFrom: new Date(savedAt.getTime() + 2 * DAY_MS).toISOString(),
      }),
    ]);
    expect(saved[0]?.metadata).toMatchObject({ actorRole: 'system' });
    await withdraw().expect(201);
  });
});

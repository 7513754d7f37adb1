import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { tooManyAttemptsMessage } from '@ledgerstone/contracts';
import { depositRequest, signInAs } from '../testing/account-steps.js';
import { PNG, startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';

const LIMIT = 3;
const HOUR = 3600;

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await startAccountsTestApp('deposit_rate_limit', {
    RATE_LIMIT_DEPOSITS_PER_MEMBER_HOUR: String(LIMIT),
  });
});

afterAll(async () => {
  await testApp?.close();
});

/** What a deposit request can leave behind: events, proof records and proof objects. */
async function stored(userId: string) {
  const [events, proofs, objects] = await Promise.all([
    testApp.accountEvents(userId),
    testApp.accounts
      .selectFrom('deposit_proofs')
      .select('object_key')
      .where('user_id', '=', userId)
      .execute(),
    testApp.proofObjectKeys(),
  ]);
  return { events: events.length, proofs: proofs.length, objects: objects.length };
}

function expectRefused(response: { status: number; headers: Record<string, string>; body: unknown }) {
  expect(response.status).toBe(429);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThan(HOUR - 60);
  expect(seconds).toBeLessThanOrEqual(HOUR);
  expect(response.body).toEqual({ message: tooManyAttemptsMessage(seconds) });
}

describe('POST /api/deposit', () => {
  it('takes the configured requests an hour per member, then 429 with Retry-After, storing nothing', async () => {
    const [alice, bob] = await signInAs(testApp, 'member', 'member');
    for (let n = 1; n <= LIMIT; n++) await depositRequest(alice.browser, '1500.00').expect(201);
    const before = await stored(alice.userId);
    expect(before).toMatchObject({ events: LIMIT, proofs: LIMIT });

    expectRefused(await depositRequest(alice.browser, '1500.00'));
    // Refused before the form is read: a form that would be refused for itself gets the same answer.
    expectRefused(await alice.browser.post('/api/deposit').field('amount', 'lots'));
    expect(await stored(alice.userId)).toEqual(before);

    await depositRequest(bob.browser, '1500.00').expect(201);
  });

  it('counts refused forms too, and refuses a large proof without storing it', async () => {
    const [carol] = await signInAs(testApp, 'member');
    const wrongAmount = () =>
      carol.browser
        .post('/api/deposit')
        .field({ amount: 'lots' })
        .attach('payment_proof', PNG, { filename: 'proof.png', contentType: 'image/png' });
    for (let n = 1; n <= LIMIT; n++) await wrongAmount().expect(400);
    const before = await stored(carol.userId);

    expectRefused(await depositRequest(carol.browser, '1500.00'));
    const large = Buffer.concat([PNG, Buffer.alloc(9 * 1024 * 1024)]);
    expectRefused(
      await carol.browser
        .post('/api/deposit')
        .field({ amount: '1500.00' })
        .attach('payment_proof', large, { filename: 'large.png', contentType: 'image/png' }),
    );
    expect(await stored(carol.userId)).toEqual(before);
  });

  it('does not count a retry with the Idempotency-Key of a counted request, which makes no second deposit', async () => {
    const [dora] = await signInAs(testApp, 'member');
    const key = randomUUID();
    const first = await depositRequest(dora.browser, '1500.00').set('Idempotency-Key', key).expect(201);
    for (let retry = 1; retry <= LIMIT; retry++) {
      const again = await depositRequest(dora.browser, '1500.00').set('Idempotency-Key', key).expect(201);
      expect(again.body).toEqual(first.body);
    }
    expect(await stored(dora.userId)).toMatchObject({ events: 1, proofs: 1 });

    for (let n = 2; n <= LIMIT; n++)
      await depositRequest(dora.browser, '1500.00').set('Idempotency-Key', randomUUID()).expect(201);
    expectRefused(await depositRequest(dora.browser, '1500.00').set('Idempotency-Key', randomUUID()));
    // Over the limit, the first request's retry is still answered as it was.
    expect(
      (await depositRequest(dora.browser, '1500.00').set('Idempotency-Key', key).expect(201)).body,
    ).toEqual(first.body);
    expect(await stored(dora.userId)).toMatchObject({ events: LIMIT, proofs: LIMIT });
  });
});

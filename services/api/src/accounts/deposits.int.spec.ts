import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { accountMessages } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import {
  BASIC_PLAN,
  BITCOIN,
  PNG,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { SEALED_POSITION } from '../testing/identity-test-app.js';

let testApp: AccountsTestApp;
let memberA: { browser: TestAgent; userId: string };
let memberB: { browser: TestAgent; userId: string };
let admin: { browser: TestAgent; userId: string };
let auditor: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('accounts_deposits');
  [memberA, memberB, admin, auditor] = await Promise.all([
    testApp.member(),
    testApp.member(),
    testApp.admin(),
    testApp.auditor(),
  ]);
});

afterAll(async () => {
  await testApp?.close();
});

interface DepositForm {
  plan?: string;
  amount?: string;
  payment_method?: string;
  transaction_hash?: string;
}

function deposit(
  browser: TestAgent,
  form: DepositForm = {},
  file: { content: Buffer; name: string; type?: string } | null = { content: PNG, name: 'proof.png' },
) {
  const fields = { plan: BASIC_PLAN.id, amount: '1500.00', payment_method: BITCOIN.id, ...form };
  let call = browser.post('/api/deposit');
  for (const [name, value] of Object.entries(fields)) call = call.field(name, value);
  if (file)
    call = call.attach('payment_proof', file.content, { filename: file.name, contentType: file.type });
  return call;
}

async function depositOf(member: { browser: TestAgent }, amount = '1500.00'): Promise<string> {
  const response = await deposit(member.browser, { amount }).expect(201);
  return response.body.depositId as string;
}

describe('POST /api/deposit', () => {
  it('stores the proof in object storage and appends DepositRequested with the plan terms', async () => {
    const response = await deposit(memberA.browser, { transaction_hash: '0xabc' }).expect(201);

    expect(response.body).toEqual({
      message: accountMessages.depositSubmitted,
      depositId: expect.any(String),
      status: 'pending',
      position: expect.stringMatching(SEALED_POSITION),
    });
    const { depositId } = response.body;
    const events = await testApp.accountEvents(memberA.userId);
    const requested = events.find(
      (event) =>
        event.type === 'DepositRequested' && (event.data as { depositId: string }).depositId === depositId,
    );
    expect(requested?.data).toEqual({
      userId: memberA.userId,
      depositId,
      planId: BASIC_PLAN.id,
      planVersion: 1,
      planName: 'BASIC',
      percentage: '50',
      termDays: 30,
      amount: '150000',
      paymentMethodId: BITCOIN.id,
      proofKey: expect.stringMatching(/^proofs\/[0-9a-f-]{36}$/),
      transactionHash: '0xabc',
      requestedAt: testApp.clock.now().toISOString(),
    });
    expect(requested?.metadata).toMatchObject({ actorId: memberA.userId, actorRole: 'member' });
    const proofKey = (requested?.data as { proofKey: string }).proofKey;
    expect(await testApp.proofObject(proofKey)).toEqual(PNG);
    const record = await testApp.accounts
      .selectFrom('deposit_proofs')
      .selectAll()
      .where('deposit_id', '=', depositId)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({
      user_id: memberA.userId,
      object_key: proofKey,
      content_type: 'image/png',
      size_bytes: PNG.length,
      original_name: 'proof.png',
    });
  });

  it.each([
    [
      'a text file named like a PNG',
      { content: Buffer.from('just some text'), name: 'proof.png', type: 'image/png' },
    ],
    ['an executable named like a PDF', { content: Buffer.from('MZ\x90\x00'), name: 'proof.pdf' }],
  ])('refuses %s by its content', async (_, file) => {
    const before = await testApp.accountEvents(memberB.userId);

    const response = await deposit(memberB.browser, {}, file).expect(400);

    expect(response.body).toEqual({
      message: accountMessages.proofType,
      fieldErrors: { payment_proof: [accountMessages.proofType] },
    });
    expect(await testApp.accountEvents(memberB.userId)).toEqual(before);
  });

  it.each([
    [
      "a PNG's first bytes in front of text",
      Buffer.concat([PNG.subarray(0, 8), Buffer.from('a proof of payment, as far as its first bytes tell')]),
      accountMessages.proofUnreadable,
    ],
    [
      'a PDF header in front of a script',
      Buffer.from('%PDF-1.7\n<script>alert(1)</script>'),
      accountMessages.proofUnreadable,
    ],
    [
      'a PNG header claiming 50,000 x 50,000 pixels',
      Buffer.concat([
        PNG.subarray(0, 16),
        Buffer.from([0, 0, 0xc3, 0x50, 0, 0, 0xc3, 0x50]),
        PNG.subarray(24),
      ]),
      accountMessages.proofTooManyPixels,
    ],
  ])('refuses %s, saying why, and keeps nothing', async (_, content, message) => {
    const before = await testApp.accountEvents(memberB.userId);

    const response = await deposit(memberB.browser, {}, { content, name: 'proof.png' }).expect(400);

    expect(response.body).toEqual({ message, fieldErrors: { payment_proof: [message] } });
    expect(await testApp.accountEvents(memberB.userId)).toEqual(before);
  });

  it('refuses an 11 MB file with a clear message', async () => {
    const large = Buffer.concat([PNG, Buffer.alloc(11 * 1024 * 1024)]);

    const response = await deposit(memberB.browser, {}, { content: large, name: 'big.png' });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      message: accountMessages.proofTooLarge,
      fieldErrors: { payment_proof: [accountMessages.proofTooLarge] },
    });
  });

  it('asks for the proof when there is none', async () => {
    const before = await testApp.accountEvents(memberB.userId);

    const response = await deposit(memberB.browser, {}, null).expect(400);

    expect(response.body).toEqual({
      message: 'Please upload proof of payment before completing the payment.',
      fieldErrors: { payment_proof: ['Please upload proof of payment before completing the payment.'] },
    });
    expect(await testApp.accountEvents(memberB.userId)).toEqual(before);
  });

  it.each(['-5', '1e9', 'abc', '10.001', '0', ''])('refuses the amount %j', async (amount) => {
    const response = await deposit(memberB.browser, { amount }).expect(400);

    expect(response.body.message).toBe('Please enter a valid amount.');
    expect(response.body.fieldErrors.amount).toEqual(['Please enter a valid amount.']);
  });

  it.each(['999.99', '10000.01'])('refuses %s outside the plan range', async (amount) => {
    const response = await deposit(memberB.browser, { amount }).expect(400);

    expect(response.body.message).toBe('Please enter an amount between 1000 and 10000 for the BASIC plan.');
  });

  it('refuses a plan or payment method that does not exist', async () => {
    const noPlan = await deposit(memberB.browser, { plan: randomUUID() }).expect(400);
    const noMethod = await deposit(memberB.browser, { payment_method: randomUUID() }).expect(400);

    expect(noPlan.body.fieldErrors).toEqual({ plan: [accountMessages.choosePlan] });
    expect(noMethod.body.fieldErrors).toEqual({ payment_method: [accountMessages.choosePaymentMethod] });
    expect(await testApp.accountEvents(memberB.userId)).toEqual([]);
  });

  it('answers a repeated Idempotency-Key with the first deposit and makes no second one', async () => {
    const key = randomUUID();
    const member = await testApp.member();

    const first = await deposit(member.browser).set('Idempotency-Key', key).expect(201);
    const again = await deposit(member.browser).set('Idempotency-Key', key).expect(201);

    expect(again.body).toEqual(first.body);
    const events = await testApp.accountEvents(member.userId);
    expect(events.map((event) => event.type)).toEqual(['DepositRequested']);
    const proofs = await testApp.accounts
      .selectFrom('deposit_proofs')
      .select('deposit_id')
      .where('user_id', '=', member.userId)
      .execute();
    expect(proofs).toEqual([{ deposit_id: first.body.depositId }]);
  });
});

describe('Idempotency-Key under concurrency and across requests', () => {
  it('makes one deposit of two simultaneous requests with the same key on a new account', async () => {
    const member = await testApp.member();
    const key = randomUUID();

    const answers = await Promise.all([
      deposit(member.browser).set('Idempotency-Key', key),
      deposit(member.browser).set('Idempotency-Key', key),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[1]?.body).toEqual(answers[0]?.body);
    expect((await testApp.accountEvents(member.userId)).map((event) => event.type)).toEqual([
      'DepositRequested',
    ]);
  });

  it('refuses a key already used for another kind of request', async () => {
    const member = await testApp.member();
    const key = randomUUID();
    await deposit(member.browser).set('Idempotency-Key', key).expect(201);

    const response = await member.browser
      .post('/api/withdraw')
      .set('Idempotency-Key', key)
      .send({
        amount: '1.00',
        payment_method: BITCOIN.id,
        wallet_address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      })
      .expect(422);

    expect(response.body).toEqual({ message: 'This Idempotency-Key was used for another request' });
  });
});

describe('deposit proofs', () => {
  it('streams the member their own proof, and admins and auditors any proof', async () => {
    const depositId = await depositOf(memberA);

    for (const browser of [memberA.browser, admin.browser, auditor.browser]) {
      const path =
        browser === memberA.browser
          ? `/api/deposits/${depositId}/proof`
          : `/api/admin/deposits/${depositId}/proof`;
      const response = await browser.get(path).buffer(true).expect(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body).toEqual(PNG);
    }
  });

  it("answers 404 to another member's deposit id", async () => {
    const depositId = await depositOf(memberA);

    const response = await memberB.browser.get(`/api/deposits/${depositId}/proof`).expect(404);

    expect(response.body).toEqual({ message: accountMessages.depositNotFound });
  });

  it('answers 404 to an admin for an unknown or malformed id', async () => {
    await admin.browser.get(`/api/admin/deposits/${randomUUID()}/proof`).expect(404);
    await admin.browser.get('/api/admin/deposits/not-a-uuid/proof').expect(404);
  });
});

describe('confirming and rejecting deposits', () => {
  it('credits a confirmed deposit once, however often it is confirmed', async () => {
    const member = await testApp.member();
    const depositId = await depositOf(member, '2500.00');

    const first = await admin.browser.post(`/api/admin/deposits/${depositId}/confirm`).expect(200);
    const second = await admin.browser.post(`/api/admin/deposits/${depositId}/confirm`).expect(200);

    expect(first.body).toEqual({
      message: 'Deposit confirmed',
      position: expect.stringMatching(SEALED_POSITION),
    });
    expect(second.body).toEqual({ message: 'Deposit already confirmed', position: first.body.position });
    const events = await testApp.accountEvents(member.userId);
    expect(events.map((event) => event.type)).toEqual(['DepositRequested', 'DepositConfirmed']);
    expect(events[1]?.data).toMatchObject({ depositId, amount: '250000', adminId: admin.userId });
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      version: 2,
      invested: 250_000n,
      total_deposited: 250_000n,
      available: 0n,
    });
  });

  it('refuses to confirm a rejected deposit with 409', async () => {
    const member = await testApp.member();
    const depositId = await depositOf(member);

    await admin.browser
      .post(`/api/admin/deposits/${depositId}/reject`)
      .send({ reason: 'No payment arrived' })
      .expect(200);
    const response = await admin.browser.post(`/api/admin/deposits/${depositId}/confirm`).expect(409);

    expect(response.body).toEqual({ message: 'This deposit was rejected and cannot be confirmed.' });
    const events = await testApp.accountEvents(member.userId);
    expect(events.map((event) => event.type)).toEqual(['DepositRequested', 'DepositRejected']);
    expect(events[1]?.data).toMatchObject({ reason: 'No payment arrived', adminId: admin.userId });
  });

  it('asks for a reason of 3 to 500 characters to reject', async () => {
    const depositId = await depositOf(memberA);

    const response = await admin.browser
      .post(`/api/admin/deposits/${depositId}/reject`)
      .send({ reason: 'no' });

    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ reason: [accountMessages.invalidReason] });
  });

  it('answers 404 for a deposit nobody made', async () => {
    const response = await admin.browser.post(`/api/admin/deposits/${randomUUID()}/confirm`).expect(404);

    expect(response.body).toEqual({ message: accountMessages.depositNotFound });
  });

  it('lets neither a member nor an auditor confirm', async () => {
    const depositId = await depositOf(memberA);

    await memberB.browser.post(`/api/admin/deposits/${depositId}/confirm`).expect(403);
    await auditor.browser.post(`/api/admin/deposits/${depositId}/confirm`).expect(403);
    const events = await testApp.accountEvents(memberA.userId);
    expect(events.filter((event) => event.type === 'DepositConfirmed')).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { accountMessages } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import {
  BASIC_PLAN,
  BITCOIN,
  PNG,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';

let testApp: AccountsTestApp;
let member: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('accounts_deposit_input');
  member = await testApp.member();
});

afterAll(async () => {
  await testApp?.close();
});

const FORM = { plan: BASIC_PLAN.id, amount: '1500.00', payment_method: BITCOIN.id };
const HASH_REFUSED = 'Transaction hash may hold only letters, digits and punctuation, without spaces';
const BOUNDARY = 'ledgerstone-test-boundary';

/** A multipart body written by hand, for the shapes a form library would never send. */
function multipartBody(
  fields: Record<string, string>,
  files: { field: string; content: Buffer }[],
  fieldsAfterFiles: Record<string, string> = {},
): Buffer {
  const fieldParts = (entries: Record<string, string>) =>
    Object.entries(entries).map(([name, value]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  const parts = [
    ...fieldParts(fields),
    ...files.flatMap(({ field, content }) => [
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="proof.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      content,
      Buffer.from('\r\n'),
    ]),
    ...fieldParts(fieldsAfterFiles),
  ];
  return Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

function postRaw(body: Buffer | string, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  return member.browser.post('/api/deposit').set('Content-Type', contentType).send(body);
}

const manyFields = Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`note_${index}`, 'x']));

describe('POST /api/deposit with a form of the wrong shape', () => {
  it.each([
    {
      shape: 'the proof under another field name',
      send: () =>
        member.browser
          .post('/api/deposit')
          .field(FORM)
          .attach('proof', PNG, { filename: 'proof.png', contentType: 'image/png' }),
      status: 400,
      body: {
        message: accountMessages.missingProof,
        fieldErrors: { payment_proof: [accountMessages.missingProof] },
      },
    },
    {
      shape: 'two proofs',
      send: () =>
        member.browser
          .post('/api/deposit')
          .field(FORM)
          .attach('payment_proof', PNG, { filename: 'one.png', contentType: 'image/png' })
          .attach('payment_proof', PNG, { filename: 'two.png', contentType: 'image/png' }),
      status: 400,
      body: {
        message: accountMessages.oneProofOnly,
        fieldErrors: { payment_proof: [accountMessages.oneProofOnly] },
      },
    },
    {
      shape: 'a body cut off in the middle of the file',
      send: () => postRaw(multipartBody(FORM, [{ field: 'payment_proof', content: PNG }]).subarray(0, 400)),
      status: 400,
      body: { message: accountMessages.incompleteForm },
    },
    {
      shape: 'a body without its boundary',
      send: () => postRaw(multipartBody(FORM, []), 'multipart/form-data'),
      status: 400,
      body: { message: accountMessages.incompleteForm },
    },
    {
      shape: 'more fields than a deposit takes',
      send: () => postRaw(multipartBody({ ...FORM, ...manyFields }, [])),
      status: 400,
      body: { message: accountMessages.tooManyFormFields },
    },
    {
      shape: 'more parts than a deposit takes',
      send: () =>
        postRaw(
          multipartBody(
            { ...FORM, ...Object.fromEntries(Object.entries(manyFields).slice(0, 17)) },
            [{ field: 'payment_proof', content: PNG }],
            { transaction_hash: '0xabc' },
          ),
        ),
      status: 400,
      body: { message: accountMessages.tooManyFormFields },
    },
    {
      shape: 'a transaction hash of 10,001 characters',
      send: () =>
        postRaw(
          multipartBody({ ...FORM, transaction_hash: 'a'.repeat(10_001) }, [
            { field: 'payment_proof', content: PNG },
          ]),
        ),
      status: 400,
      body: {
        message: accountMessages.formValueTooLong,
        fieldErrors: { transaction_hash: [accountMessages.formValueTooLong] },
      },
    },
    {
      shape:
        'a transaction hash with a zero-width space, which would show staff another hash than the one kept',
      send: () =>
        postRaw(
          multipartBody({ ...FORM, transaction_hash: '0xabc\u200bdef' }, [
            { field: 'payment_proof', content: PNG },
          ]),
        ),
      status: 400,
      body: {
        message: HASH_REFUSED,
        fieldErrors: { transaction_hash: [HASH_REFUSED] },
      },
    },
    {
      shape: 'multipart/mixed',
      send: () =>
        postRaw(
          multipartBody(FORM, [{ field: 'payment_proof', content: PNG }]),
          `multipart/mixed; boundary=${BOUNDARY}`,
        ),
      status: 415,
      body: {
        message: accountMessages.depositForm,
        fieldErrors: { payment_proof: [accountMessages.missingProof] },
      },
    },
    {
      shape: 'JSON',
      send: () => member.browser.post('/api/deposit').send(FORM),
      status: 415,
      body: {
        message: accountMessages.depositForm,
        fieldErrors: { payment_proof: [accountMessages.missingProof] },
      },
    },
  ])('refuses $shape with a clear answer and changes nothing', async ({ send, status, body }) => {
    const objectsBefore = await testApp.proofObjectKeys();

    const response = await send();

    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
    expect(await testApp.accountEvents(member.userId)).toEqual([]);
    expect(await testApp.proofObjectKeys()).toEqual(objectsBefore);
  });

  it('takes the same form when it is well formed', async () => {
    const response = await postRaw(multipartBody(FORM, [{ field: 'payment_proof', content: PNG }]));

    expect(response.status).toBe(201);
    expect((await testApp.accountEvents(member.userId)).map((event) => event.type)).toEqual([
      'DepositRequested',
    ]);
    expect(await testApp.proofObjectKeys()).toHaveLength(1);
  });
});

describe('POST /api/deposit sent twice at once with one Idempotency-Key', () => {
  it('keeps one proof: the request that lost the race takes its own out again', async () => {
    const { browser, userId } = await testApp.member();
    const key = randomUUID();
    const objectsBefore = await testApp.proofObjectKeys();
    const send = () =>
      browser
        .post('/api/deposit')
        .set('Idempotency-Key', key)
        .field(FORM)
        .attach('payment_proof', PNG, { filename: 'proof.png', contentType: 'image/png' });

    const answers = await Promise.all([send(), send()]);

    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect((await testApp.accountEvents(userId)).map((event) => event.type)).toEqual(['DepositRequested']);
    expect(await testApp.proofObjectKeys()).toHaveLength(objectsBefore.length + 1);
  });
});

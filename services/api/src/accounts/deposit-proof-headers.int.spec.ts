import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { accountMessages } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import {
  BASIC_PLAN,
  BITCOIN,
  PNG,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';

// A PDF whose script would run in the site's origin if the browser showed it as a page of the site.
const PDF = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\nstartxref\n0\n%%EOF\n',
);

let testApp: AccountsTestApp;
let member: { browser: TestAgent; userId: string };
let admin: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('accounts_proof_headers');
  [member, admin] = await Promise.all([testApp.member(), testApp.admin()]);
});

afterAll(async () => {
  await testApp?.close();
});

async function depositWith(content: Buffer, name: string): Promise<string> {
  const response = await member.browser
    .post('/api/deposit')
    .field('plan', BASIC_PLAN.id)
    .field('amount', '1500.00')
    .field('payment_method', BITCOIN.id)
    .attach('payment_proof', content, { filename: name })
    .expect(201);
  return response.body.depositId as string;
}

describe('a deposit proof as the browser receives it', () => {
  it.each([
    ['PDF', PDF, 'proof.pdf', 'application/pdf', 'pdf'],
    ['PNG', PNG, 'proof.png', 'image/png', 'png'],
  ])(
    'serves a %s sandboxed, as a download, never sniffed, to the member and to staff',
    async (_kind, content, name, type, extension) => {
      const depositId = await depositWith(content, name);

      for (const [browser, path] of [
        [member.browser, `/api/deposits/${depositId}/proof`],
        [admin.browser, `/api/admin/deposits/${depositId}/proof`],
      ] as const) {
        const response = await browser.get(path).buffer(true).expect(200);

        expect(response.headers['content-type']).toBe(type);
        expect(response.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
        expect(response.headers['content-disposition']).toBe(
          `attachment; filename="proof-${depositId}.${extension}"`,
        );
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(Buffer.from(response.body as Buffer)).toEqual(content);
      }
    },
  );
});

async function storedProof(depositId: string) {
  return testApp.accounts
    .selectFrom('deposit_proofs')
    .select(['object_key', 'original_name'])
    .where('deposit_id', '=', depositId)
    .executeTakeFirstOrThrow();
}

describe("a proof's file name", () => {
  it.each(['квитанция.png', 'receipt €20.png', 'proof 💸.png', '收据.png', 'reçu.png'])(
    'is taken as the browser sends it, in UTF-8: %s',
    async (name) => {
      const depositId = await depositWith(PNG, name);

      expect((await storedProof(depositId)).original_name).toBe(name);
    },
  );
});

describe('a proof missing from object storage', () => {
  it('answers 404 with a message, to the member and to staff, instead of failing', async () => {
    const depositId = await depositWith(PNG, 'proof.png');
    const { object_key: key } = await storedProof(depositId);
    await testApp.s3.send(new DeleteObjectCommand({ Bucket: 'ls-test-proofs', Key: key }));

    for (const [browser, path] of [
      [member.browser, `/api/deposits/${depositId}/proof`],
      [admin.browser, `/api/admin/deposits/${depositId}/proof`],
    ] as const) {
      const response = await browser.get(path);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 404,
        body: { message: accountMessages.proofMissing },
      });
    }
  });
});

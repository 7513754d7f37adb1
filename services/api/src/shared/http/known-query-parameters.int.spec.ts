import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminTransactionList, DepositResponse } from '@ledgerstone/contracts';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { depositRequest, requestDeposit, signInAs, startProjectorFor } from '../../testing/account-steps.js';
import { startAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app.js';
import type { ProjectorProcess } from '../testing/projector-process.js';

let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let admin: TestAgent;
let member: { browser: TestAgent; userId: string };
let deposit: DepositResponse;

beforeAll(async () => {
  testApp = await startAccountsTestApp('known_query_parameters');
  projector = await startProjectorFor(testApp);
  [{ browser: admin }, member] = await signInAs(testApp, 'admin', 'member');
  deposit = await requestDeposit(member.browser, '1500.00');
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('a query parameter the route does not take', () => {
  it('is refused by name, not ignored: ?id[]= does not list every transaction', async () => {
    const { body } = await admin.get(`/api/transactions?id[]=${deposit.depositId}`).expect(400);

    expect(body).toEqual({
      message: 'This request takes no query parameter "id[]"',
      fieldErrors: { 'id[]': ['Unknown field'] },
    });
  });

  it('is refused in another case than the route names it, each unknown one named', async () => {
    const { body } = await admin.get('/api/transactions?Status=pending&type=deposit&pagesize=5').expect(400);

    expect(body).toEqual({
      message: 'This request takes no query parameter "Status", "pagesize"',
      fieldErrors: {
        Status: ['Unknown field'],
        pagesize: ['Unknown field'],
      },
    });
  });

  it('is refused whatever the name an object of JavaScript has: __proto__, constructor', async () => {
    const { body } = await admin.get('/api/transactions?__proto__=x&constructor=y&type=deposit').expect(400);

    // A literal's `__proto__:` would set its prototype: the expected keys are made as the answer's are.
    expect(body.fieldErrors).toEqual(
      Object.fromEntries([
        ['__proto__', ['Unknown field']],
        ['constructor', ['Unknown field']],
      ]),
    );
  });

  it('leaves a parameter the route takes, given twice, to its own check', async () => {
    const { body } = await admin.get('/api/transactions?status=pending&status=paid').expect(400);

    expect(Object.keys(body.fieldErrors)).toEqual(['status']);
  });

  it('leaves the parameters the route takes as they were', async () => {
    const { body } = await admin
      .get('/api/transactions')
      .query({
        id: deposit.depositId,
        type: 'deposit',
        status: 'pending',
        page: 1,
        pageSize: 5,
        after: deposit.position,
      })
      .expect(200);

    expect((body as AdminTransactionList).data.map((row) => row.id)).toEqual([deposit.depositId]);
  });

  it('is left to a page for people: Swagger UI answers whatever its address carries', async () => {
    await request(testApp.app.getHttpServer()).get('/api/docs?urls.primaryName=api').expect(200);
  });

  it('is refused where the route takes none, a position (?after=) included', async () => {
    const { body } = await member.browser.get('/api/plans').query({ after: deposit.position }).expect(400);

    expect(body.message).toBe('This request takes no query parameter "after"');
    await member.browser.get('/api/user').query({ after: deposit.position }).expect(200);
  });

  it('quotes a made-up name of any length, NUL and emoji included, shortened', async () => {
    // As long as a request line may be: a longer one is refused before any route (431).
    const name = `\u0000😀${'x'.repeat(12_000)}`;
    const { body } = await admin
      .get('/api/transactions')
      .query({ [name]: '1' })
      .expect(400);

    const quoted = `${Array.from(name).slice(0, 64).join('')}…`;
    expect(body).toEqual({
      message: `This request takes no query parameter "${quoted}"`,
      fieldErrors: { [quoted]: ['Unknown field'] },
    });
  });

  it('changes nothing: a deposit sent with one is refused before its proof is kept', async () => {
    const proofsBefore = await testApp.proofObjectKeys();
    const eventsBefore = await testApp.accountEvents(member.userId);

    const { body } = await depositRequest(member.browser, '2000.00').query({ plan: 'basic' }).expect(400);

    expect(body.message).toBe('This request takes no query parameter "plan"');
    expect(await testApp.accountEvents(member.userId)).toEqual(eventsBefore);
    expect(await testApp.proofObjectKeys()).toEqual(proofsBefore);
  });

  it('is no reason to answer before the session is checked: without one, 401', async () => {
    await request(testApp.app.getHttpServer()).get('/api/transactions?id[]=1').expect(401);
    await member.browser.get('/api/transactions?id[]=1').expect(403);
  });
});

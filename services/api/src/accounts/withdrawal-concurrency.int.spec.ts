import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { evolve, initialState, type AccountEvent } from '@ledgerstone/ledger';
import { activeMember } from '../testing/identity-test-app.js';
import { savePayoutAddresses } from '../testing/account-steps.js';
import { storeAccountState } from './persistence/account-state-row.js';
import {
  BITCOIN,
  BITCOIN_ADDRESS,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';

const PROCESSES = 5;
const REQUESTS_PER_PROCESS = 10;
/** The account events before the withdrawals: the opening balance and the three test payout addresses saved. */
const EVENTS_BEFORE = 4;

/** A separate Node process: says "ready", waits for a line on stdin, then fires its requests all at once. */
const CLIENT = `
const { url, cookie, count, body } = JSON.parse(process.env.WITHDRAWAL_CLIENT);
process.stdin.once('data', async () => {
  const answers = await Promise.all(Array.from({ length: count }, async () => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }));
  process.stdout.write(JSON.stringify(answers), () => process.exit(0));
});
process.stdout.write('ready\\n');
`;

interface Answer {
  status: number;
  body: { message: string };
}

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await startAccountsTestApp('accounts_concurrency');
  await testApp.app.listen(0, '127.0.0.1');
});

afterAll(async () => {
  await testApp?.close();
});

function startClient(env: object): {
  child: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  answers: Promise<Answer[]>;
} {
  const child = spawn(process.execPath, ['--input-type=module', '-e', CLIENT], {
    env: { ...process.env, NODE_OPTIONS: '', WITHDRAWAL_CLIENT: JSON.stringify(env) },
  });
  let output = '';
  let signalReady: () => void;
  const ready = new Promise<void>((resolve) => (signalReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith('ready\n')) signalReady();
  });
  const answers = new Promise<Answer[]>((resolve, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': the process may be reported gone before the last of its output has been read.
    child.on('close', (code) =>
      code === 0
        ? resolve(JSON.parse(output.slice('ready\n'.length)) as Answer[])
        : reject(new Error(`client exited ${code}`)),
    );
  });
  return { child, ready, answers };
}

describe('50 simultaneous withdrawals of 100.00 from a balance of 1,000.00', () => {
  it('accepts exactly 10 and refuses the rest as insufficient', async () => {
    const admin = await testApp.admin();
    const details = await activeMember(testApp);
    const browser = testApp.browser();
    const login = await browser
      .post('/api/user/login')
      .send({ email: details.email, password: details.password })
      .expect(200);
    const cookie = (login.headers['set-cookie'] as unknown as string[])
      .map((line) => line.split(';')[0])
      .join('; ');
    await admin.browser
      .put(`/api/admin/users/${details.userId}/balances`)
      .send({ available: { shown: '0.00', target: '1000.00' }, reason: 'Opening balance', version: 0 })
      .expect(200);
    await savePayoutAddresses(browser);
    const { port } = testApp.app.getHttpServer().address() as AddressInfo;

    const clients = Array.from({ length: PROCESSES }, () =>
      startClient({
        url: `http://127.0.0.1:${port}/api/withdraw`,
        cookie,
        count: REQUESTS_PER_PROCESS,
        body: { amount: '100.00', payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS },
      }),
    );
    await Promise.all(clients.map((client) => client.ready));
    for (const client of clients) client.child.stdin.end('go\n');
    const answers = (await Promise.all(clients.map((client) => client.answers))).flat();

    expect(answers).toHaveLength(50);
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(accepted).toHaveLength(10);
    expect(accepted.every((answer) => answer.body.message === 'Withdrawal successful!')).toBe(true);
    expect(refused).toHaveLength(40);
    expect(
      refused.every((answer) => answer.status === 400 && answer.body.message === 'Insufficient balance'),
    ).toBe(true);

    expect(await stateRow(testApp.accounts, details.userId)).toMatchObject({
      version: EVENTS_BEFORE + 10,
      available: 0n,
      reserved: 100_000n,
    });
    const events = await testApp.accountEvents(details.userId);
    expect(events.map((event) => event.streamPosition)).toEqual(
      Array.from({ length: EVENTS_BEFORE + 10 }, (_, index) => index + 1),
    );
    const folded = events.reduce(
      (state, event) => evolve(state, { type: event.type, data: event.data } as AccountEvent),
      initialState(),
    );
    expect(folded.available).toBe(0n);
    expect(folded.reserved).toBe(100_000n);
    expect(Object.keys(folded.withdrawals)).toHaveLength(10);
    const cached = await testApp.accounts
      .selectFrom('account_states')
      .select('state')
      .where('user_id', '=', details.userId)
      .executeTakeFirstOrThrow();
    expect(cached.state).toEqual(storeAccountState(folded));
  });
});

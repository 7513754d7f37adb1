import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import { z } from 'zod';
import {
  BASIC_PLAN,
  BITCOIN,
  BITCOIN_ADDRESS,
  ETHEREUM_ADDRESS,
  PNG,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../../testing/accounts-test-app.js';
import { positionSeal } from '@ledgerstone/process-kit';
import type { AccessRule } from '../auth/access.decorators.js';
import { LOCAL_COOKIE_SECRET } from '../config/config.js';
import type { DescribedRoute } from './api-route.js';
import { ApiRoutes } from '../../api-docs/index.js';

/**
 * Every field of every route's body and query string, spoiled one at a time in a request that is otherwise
 * valid: a NUL, a lone surrogate and 100,000 characters are each the member's or admin's mistake, answered
 * 400 with an error on that field, never a server error. Query strings and path parameters likewise, as far as
 * a URL can carry them.
 */

// Started before the tests are collected: the routes to spoil are those the running api gathered.
const testApp: AccountsTestApp = await startAccountsTestApp('text_input_fuzz', {
  RATE_LIMIT_VERIFY_PER_IP_HOUR: '1000',
  RATE_LIMIT_FORGOT_PER_IP_HOUR: '1000',
  RATE_LIMIT_FORGOT_PER_ACCOUNT_HOUR: '1000',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT: '1000',
});
const apiRoutes = testApp.app.get(ApiRoutes).registered();
const callers = {} as Record<AccessRule, () => TestAgent>;

beforeAll(async () => {
  const member = await testApp.member();
  const admin = await testApp.admin();
  callers.public = () => testApp.browser();
  callers.member = () => member.browser;
  callers.admin = () => admin.browser;
  callers['staff-read'] = () => admin.browser;
  callers.staff = () => admin.browser;
  callers['metrics-reader'] = () => admin.browser;
});

afterAll(async () => {
  await testApp.close();
});

const routeKey = (route: DescribedRoute) => `${route.method.toUpperCase()} ${route.path}`;

const EMAIL = 'ada@example.test';
const PASSWORD = 'analytical engine 1843';
const PLAN = {
  name: 'GOLD',
  percentage: '50',
  termDays: 30,
  minAmount: '1000',
  maxAmount: '10000',
  active: true,
};
const PAYMENT_METHOD = {
  name: 'BITCOIN',
  network: 'bitcoin',
  address: BITCOIN_ADDRESS,
  active: true,
  displayOrder: 1,
};

const PASSKEY_ASSERTION = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA', userHandle: 'dXNlcg' },
  clientExtensionResults: {},
};
const PASSKEY_REGISTRATION = {
  id: 'Y3JlZGVudGlhbA',
  rawId: 'Y3JlZGVudGlhbA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] },
  clientExtensionResults: {},
};

/** The two-step verification routes, the same under /api/user and /api/admin. */
const twoFactorBodies = (root: string): Record<string, Record<string, unknown>> => ({
  [`POST ${root}/login/two-factor`]: { code: '123456' },
  [`POST ${root}/login/passkey/verify`]: { response: PASSKEY_ASSERTION },
  [`POST ${root}/passkey-login/verify`]: { response: PASSKEY_ASSERTION, rememberMe: false },
  [`POST ${root}/security/totp/confirm`]: { code: '123456', password: PASSWORD },
  [`POST ${root}/security/totp/disable`]: { password: PASSWORD, code: '123456' },
  [`POST ${root}/security/recovery-codes`]: { password: PASSWORD, code: 'abcde-23456' },
  [`POST ${root}/security/passkeys`]: {
    name: 'Work laptop',
    password: PASSWORD,
    response: PASSKEY_REGISTRATION,
  },
  [`PATCH ${root}/security/passkeys/{id}`]: { name: 'Work laptop' },
  [`POST ${root}/security/passkeys/{id}/remove`]: { password: PASSWORD, code: '123456' },
});

/** A body each route's schema takes as it is. */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  ...twoFactorBodies('/api/user'),
  ...twoFactorBodies('/api/admin'),
  'POST /api/user': {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: EMAIL,
    phoneNumber: '+44 20 7946 0000',
    password: PASSWORD,
  },
  'PATCH /api/user/verify': { verifyCode: '123456' },
  'POST /api/user/login': { email: EMAIL, password: PASSWORD, rememberMe: false },
  'PATCH /api/user': { first_name: 'Ada', last_name: 'Lovelace' },
  'PATCH /api/user/pass': {
    current_password: PASSWORD,
    old_password: PASSWORD,
    new_password: `${PASSWORD}!`,
  },
  'PUT /api/user/wallets': {
    bitcoin: BITCOIN_ADDRESS,
    ethereum: ETHEREUM_ADDRESS,
    usdt: ETHEREUM_ADDRESS,
    solana: 'So11111111111111111111111111111111111111112',
  },
  'POST /api/user/forget-pass': { email: EMAIL },
  'POST /api/user/change/{token}': { password: PASSWORD },
  'POST /api/admin/login': { email: EMAIL, password: PASSWORD },
  'POST /api/admin/forget-pass': { email: EMAIL },
  'POST /api/admin/change/{token}': { password: PASSWORD },
  'POST /api/admin/email/user/{id}': { subject: 'Your deposit', message: 'Hello,\n\nall is well.' },
  'POST /api/admin/users/{id}/second-factors/reset': { reason: 'Lost phone,\nidentity checked by call' },
  'POST /api/deposit': {
    plan: BASIC_PLAN.id,
    amount: '1500.00',
    payment_method: BITCOIN.id,
    transaction_hash: '0xabc',
  },
  'POST /api/withdraw': {
    source: 'balance',
    amount: '100.00',
    payment_method: 'BITCOIN',
    wallet_address: BITCOIN_ADDRESS,
  },
  'POST /api/admin/deposits/{id}/reject': { reason: 'No payment arrived' },
  'POST /api/admin/withdrawals/{id}/pay': { payoutReference: '0xdef' },
  'POST /api/admin/withdrawals/{id}/reject': { reason: 'Address is wrong' },
  'PUT /api/admin/users/{id}/balances': {
    available: { shown: '0.00', target: '10.00' },
    reason: 'Correction',
    version: 0,
  },
  'PATCH /api/admin/users/{id}': { first_name: 'Ada', last_name: 'Lovelace', email: EMAIL },
  'PUT /api/admin/users/{id}/withdrawal-limits': {
    daily: '1000.00',
    thirty_days: '5000.00',
    reason: 'Asked for lower limits',
  },
  'POST /api/admin/users/{id}/unlock': { reason: 'The member called us' },
  'POST /api/account/lock': { token: 'eyJ1IjoiYWRhIn0.c2lnbmF0dXJl' },
  'POST /api/admin/plans': { ...PLAN, kind: 'crypto' },
  'PATCH /api/admin/plans/{id}': PLAN,
  'POST /api/admin/payment-methods': PAYMENT_METHOD,
  'PATCH /api/admin/payment-methods/{id}': PAYMENT_METHOD,
  'POST /api/admin/approvals/{id}/approve': { reason: 'Checked the bank statement' },
  'POST /api/admin/approvals/{id}/reject': { reason: 'No bank statement' },
  'POST /api/admin/books/periods': { period: '2026-11-01' },
  'POST /api/admin/books/reconciliations': {
    cutoff: '2026-11-22T17:00:00Z',
    held: { [BITCOIN.id]: '1500.00' },
  },
  'POST /api/admin/books/reconciliations/import': {
    cutoff: '2026-11-22T17:00:00Z',
    csv: 'payment_method,amount\nBITCOIN,1500.00',
  },
  'POST /api/admin/books/reconciliations/{id}/resolve': { reason: 'Payout booked after the cutoff' },
};

/** A position as the test api (local mode's cookie secret) answers with it. */
const AFTER = { after: positionSeal(LOCAL_COOKIE_SECRET).seal('0:0') };

/** A query string each route's schema takes as it is. */
const VALID_QUERIES: Record<string, Record<string, string>> = {
  'GET /api/plans': { kind: 'crypto' },
  'GET /api/admin/plans': { kind: 'real_estate' },
  'GET /api/user': AFTER,
  'GET /api/transactions/deposit': { page: '1', pageSize: '5', search: 'bitcoin', ...AFTER },
  'GET /api/withdraw': { page: '1', pageSize: '10', search: 'pending', ...AFTER },
  'GET /api/user/activity': { limit: '10', ...AFTER },
  'GET /api/user/profit': AFTER,
  'GET /api/user/investments': AFTER,
  'GET /api/users/affiliates': AFTER,
  'GET /api/admin/users': { search: 'ada', page: '1', pageSize: '20', ...AFTER },
  'GET /api/admin/users/{id}/activity': {
    type: 'DepositRequested',
    from: '2026-01-01T00:00:00Z',
    to: '2026-12-31T23:59:59Z',
  },
  'GET /api/admin/users/{id}/investments': AFTER,
  'GET /api/admin/investments': AFTER,
  'GET /api/transactions': { type: 'deposit', status: 'pending', page: '1', pageSize: '20', ...AFTER },
  'GET /api/admin/totals': AFTER,
  'GET /api/admin/funds': AFTER,
  'GET /api/admin/pending': AFTER,
  'GET /api/admin/daily-totals': { days: '30', ...AFTER },
  'GET /api/user/statement': { as_of: '2026-11-22T10:00:00Z' },
  'GET /api/user/statement.csv': { as_of: '2026-11-22T10:00:00Z' },
  'GET /api/admin/users/{id}/statement': { as_of: '2026-11-22T10:00:00Z' },
  'GET /api/admin/users/{id}/statement.csv': { as_of: '2026-11-22T10:00:00Z' },
  'GET /api/admin/transactions.csv': { from: '2026-01-01', to: '2026-01-31' },
  'GET /api/admin/books/trial-balance': { as_of: '2026-11-22T10:00:00Z', ...AFTER },
  'GET /api/admin/books/trial-balance.csv': { as_of: '2026-11-22T10:00:00Z', ...AFTER },
  'GET /api/user/statement/proof': { period: '2026-11' },
  'GET /api/admin/approvals': { status: 'all', user_id: '6f1c2f0e-1d2b-4c53-9a3e-111111111111' },
};

/** What the spoiled value of a field is made of: its valid value, or a word where the valid request has none. */
const sample = (valid: unknown) => (valid === undefined || valid === null ? 'text' : String(valid));

const SPOILERS = {
  NUL: (valid: unknown) => `${sample(valid).slice(0, 1)}\u0000${sample(valid).slice(1)}`,
  'a lone surrogate': (valid: unknown) => `${sample(valid).slice(0, 1)}\ud800${sample(valid).slice(1)}`,
  '100,000 characters': (valid: unknown) => sample(valid).padEnd(100_000, 'a'),
} as const;
type Spoiler = keyof typeof SPOILERS;

/** The object a request schema parses, through its pipes, defaults and refinements. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return objectShape(schema.in as z.ZodType);
  throw new Error('A request schema that is no object');
}

/** Every field a route takes: those its schema names and those its valid request sends. */
function fields(schema: z.ZodType, valid: Record<string, unknown>): string[] {
  return [...new Set([...Object.keys(objectShape(schema)), ...Object.keys(valid)])];
}

function url(route: DescribedRoute): string {
  return route.path.replace(/\{id\}/g, randomUUID()).replace(/\{token\}/g, 'a'.repeat(43));
}

const bodyRoutes = apiRoutes.filter((route) => route.request !== undefined);
const queryRoutes = apiRoutes.filter((route) => route.query !== undefined);

describe('the fuzz covers', () => {
  it.each(bodyRoutes.map((route) => [routeKey(route), route] as const))(
    '%s with a valid body',
    (key, route) => {
      expect(route.request!.safeParse(VALID_BODIES[key]).error?.issues ?? []).toEqual([]);
    },
  );

  it.each(queryRoutes.map((route) => [routeKey(route), route] as const))(
    '%s with a valid query',
    (key, route) => {
      expect(route.query!.safeParse(VALID_QUERIES[key]).error?.issues ?? []).toEqual([]);
    },
  );
});

const BOUNDARY = 'ledgerstone-fuzz-boundary';

/**
 * The deposit form by hand: a lone surrogate reaches the api only in a part that declares UTF-16, which busboy
 * decodes code unit by code unit.
 */
function depositForm(fields: Record<string, string>, fileName = 'filename="proof.png"'): Buffer {
  const parts = Object.entries(fields).map(([name, value]) =>
    /\p{Cs}/u.test(value)
      ? Buffer.concat([
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n` +
              'Content-Type: text/plain; charset=utf-16le\r\n\r\n',
          ),
          Buffer.from(value, 'utf16le'),
          Buffer.from('\r\n'),
        ])
      : Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const proof = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="payment_proof"; ${fileName}\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return Buffer.concat([...parts, proof]);
}

describe.each(
  bodyRoutes.flatMap((route) =>
    fields(route.request!, VALID_BODIES[routeKey(route)] ?? {}).flatMap((field) =>
      (Object.keys(SPOILERS) as Spoiler[]).map(
        (spoiler) => [routeKey(route), field, spoiler, route] as const,
      ),
    ),
  ),
)('%s with %s of %s', (_, field, spoiler, route) => {
  it('answers 400 naming the field', async () => {
    const valid = VALID_BODIES[routeKey(route)]!;
    const body = { ...valid, [field]: SPOILERS[spoiler](valid[field]) };
    const objectsBefore = await testApp.proofObjectKeys();

    const call = callers[route.access]()[route.method](url(route));
    const response = route.fileField
      ? await call
          .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
          .send(depositForm(body as Record<string, string>))
      : await call.type('json').send(JSON.stringify(body));

    expect({ status: response.status, fieldErrors: Object.keys(response.body.fieldErrors ?? {}) }).toEqual({
      status: 400,
      fieldErrors: [field],
    });
    expect(await testApp.proofObjectKeys()).toEqual(objectsBefore);
  });
});

/**
 * No URL spells a lone surrogate: its UTF-8 look-alike decodes to replacement characters, which are text. A URL
 * of 100,000 characters is longer than Node's 16 KB of request head and refused before the app sees it; 10,000
 * characters reach the app.
 */
const QUERY_SPOILERS = {
  NUL: { spoil: SPOILERS.NUL, encode: encodeURIComponent },
  'a lone surrogate': {
    spoil: SPOILERS['a lone surrogate'],
    encode: (value: string) => value.replace('\ud800', '%ED%A0%80'),
  },
  '10,000 characters': {
    spoil: (valid: unknown) => sample(valid).padEnd(10_000, 'a'),
    encode: encodeURIComponent,
  },
  '100,000 characters': { spoil: SPOILERS['100,000 characters'], encode: encodeURIComponent },
} as const;

describe.each(
  queryRoutes.flatMap((route) =>
    fields(route.query!, VALID_QUERIES[routeKey(route)] ?? {}).flatMap((field) =>
      (Object.keys(QUERY_SPOILERS) as (keyof typeof QUERY_SPOILERS)[]).map(
        (spoiler) => [routeKey(route), field, spoiler, route] as const,
      ),
    ),
  ),
)('%s with ?%s= of %s', (_, field, spoiler, route) => {
  it('answers 4xx, naming the field when the value reaches the api', async () => {
    const valid = VALID_QUERIES[routeKey(route)]!;
    const { spoil, encode } = QUERY_SPOILERS[spoiler];
    const query = Object.entries({ ...valid, [field]: spoil(valid[field]) })
      .map(([name, value]) => `${name}=${name === field ? encode(value) : encodeURIComponent(value)}`)
      .join('&');

    const response = await callers[route.access]()[route.method](`${url(route)}?${query}`);

    if (spoiler === '100,000 characters') expect(response.status).toBe(431);
    else if (spoiler === 'a lone surrogate') expect(response.status).toBeLessThan(500);
    else {
      expect({ status: response.status, fieldErrors: Object.keys(response.body.fieldErrors ?? {}) }).toEqual({
        status: 400,
        fieldErrors: [field],
      });
    }
  });
});

describe.each(
  apiRoutes
    // A page for people (Swagger UI) takes whatever its address carries.
    .filter((route) => route.method === 'get' && route.response !== 'html')
    .flatMap((route) =>
      ['user_id', 'id[]', 'Status', '\u0000']
        .filter((name) => !(route.query && name in route.query.shape))
        .map((name) => [routeKey(route), name, route] as const),
    ),
)('%s with an unknown ?%s=', (_, name, route) => {
  it('answers 400 naming it, the parameters it takes all given', async () => {
    const query = new URLSearchParams({ ...VALID_QUERIES[routeKey(route)], [name]: 'x' });

    const response = await callers[route.access]().get(`${url(route)}?${query.toString()}`);

    expect({ status: response.status, fieldErrors: response.body.fieldErrors }).toEqual({
      status: 400,
      fieldErrors: { [name]: ['Unknown field'] },
    });
  });
});

/** RFC 5987 names: busboy decodes them in the charset they declare, UTF-16 code unit by code unit. */
const percentEncoded = (bytes: Buffer) =>
  [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

describe.each([
  ['NUL', `filename*=utf-8''${percentEncoded(Buffer.from('proof\u0000.png'))}`],
  ['a lone surrogate', `filename*=utf-16le''${percentEncoded(Buffer.from('proof\ud800.png', 'utf16le'))}`],
  ['a line break', 'filename="proof%0A.png"'],
  ['256 characters', `filename="${'p'.repeat(252)}.png"`],
])("POST /api/deposit with the proof's file name of %s", (_, fileName) => {
  it('answers 400 on the proof and stores nothing', async () => {
    const member = callers.member();
    const userId = (await member.get('/api/user').expect(200)).body.id as string;
    const objectsBefore = await testApp.proofObjectKeys();

    const response = await member
      .post('/api/deposit')
      .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
      .send(depositForm(VALID_BODIES['POST /api/deposit'] as Record<string, string>, fileName));

    expect({ status: response.status, fieldErrors: response.body.fieldErrors }).toEqual({
      status: 400,
      fieldErrors: { payment_proof: [expect.stringMatching(/^The proof of payment's file name must /)] },
    });
    expect(await testApp.proofObjectKeys()).toEqual(objectsBefore);
    expect(await testApp.accountEvents(userId)).toEqual([]);
  });
});

it('POST /api/deposit with a file name of 100,000 characters answers 400 and stores nothing', async () => {
  const objectsBefore = await testApp.proofObjectKeys();

  const response = await callers
    .member()
    .post('/api/deposit')
    .set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`)
    .send(
      depositForm(
        VALID_BODIES['POST /api/deposit'] as Record<string, string>,
        `filename="${'p'.repeat(100_000)}"`,
      ),
    );

  expect(response.status).toBe(400);
  expect(await testApp.proofObjectKeys()).toEqual(objectsBefore);
});

const PATH_SPOILERS = { NUL: '%00', 'a lone surrogate': '%ED%A0%80', '5,000 characters': 'a'.repeat(5_000) };

describe.each(
  apiRoutes
    .filter((route) => route.path.includes('{'))
    .flatMap((route) =>
      Object.entries(PATH_SPOILERS).map(
        ([spoiler, segment]) => [routeKey(route), spoiler, route, segment] as const,
      ),
    ),
)('%s with path parameters of %s', (_, __, route, segment) => {
  it('answers 4xx', async () => {
    const caller = callers[route.access]();
    const response = await caller[route.method](route.path.replace(/\{[^}]+\}/g, segment)).send(
      VALID_BODIES[routeKey(route)] ?? {},
    );

    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

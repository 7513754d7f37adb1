import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startIdentityTestApp, type IdentityTestApp } from '../testing/identity-test-app.js';
import { QUEUES_BOARD_PATH } from '../queues-board/index.js';
import { expressRoutes, nestRoutes } from '../testing/registered-routes.js';
import { ApiRoutes } from './api-routes.js';

interface Operation {
  summary: string;
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  'x-access': string;
  requestBody?: { content: { 'application/json': { schema: { required?: string[] } } } };
  responses: Record<string, unknown>;
}

let testApp: IdentityTestApp;
let document: { openapi: string; paths: Record<string, Record<string, Operation>> };

beforeAll(async () => {
  testApp = await startIdentityTestApp('api_docs');
  document = (await testApp.bare().get('/api/docs/openapi.json').expect(200)).body;
});

afterAll(async () => {
  await testApp?.close();
});

const key = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;

describe('the OpenAPI document at /api/docs/openapi.json', () => {
  it('lists every route Nest registers and nothing else, besides the queue board', () => {
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => key({ method, path })),
    );
    const registered = nestRoutes(testApp.app).map(key);
    const gathered = testApp.app.get(ApiRoutes).registered();

    expect(documented.sort()).toEqual(
      [...registered, key({ method: 'get', path: QUEUES_BOARD_PATH })].sort(),
    );
    expect(gathered.map(key).sort()).toEqual([...registered].sort());
  });

  it('knows the routes express dispatches exactly as Nest declares them', () => {
    expect(expressRoutes(testApp.app).sort()).toEqual(nestRoutes(testApp.app).map(key).sort());
  });

  it("states each route's access as its controller does", () => {
    const declared = nestRoutes(testApp.app).map((route) => [key(route), route.access]);
    const documented = declared.map(([route]) => {
      const [method = '', path = ''] = (route ?? '').split(' ');
      return [route, document.paths[path]?.[method.toLowerCase()]?.['x-access']];
    });

    expect(documented).toEqual(declared);
  });

  it('takes request and response schemas from the shared contracts', () => {
    const signup = document.paths['/api/user']?.post;
    const message = document.paths['/api/admin/email/user/{id}']?.post;

    expect(document.openapi).toBe('3.1.0');
    expect(signup?.requestBody?.content['application/json'].schema.required).toEqual([
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'password',
    ]);
    expect(signup?.responses).toHaveProperty('201');
    expect(signup?.responses).toHaveProperty('429');
    expect(message?.requestBody?.content['application/json'].schema).toMatchObject({
      properties: { subject: { maxLength: 200 }, message: { maxLength: 10_000 } },
      required: ['subject', 'message'],
    });
    expect(message?.responses).toHaveProperty('403');
  });

  it('says that the routes a wrong step-up code can reach answer 429 over the second-factor limits', () => {
    expect(document.paths['/api/withdraw']?.post?.responses).toHaveProperty('429');
    expect(document.paths['/api/user/wallets']?.put?.responses).toHaveProperty('429');
  });

  it("says that deposit requests answer 429 over the member's limit", () => {
    expect(document.paths['/api/deposit']?.post?.responses).toHaveProperty('429');
  });

  it('gives the transaction hash of deposits in the admin transaction list', () => {
    const success = document.paths['/api/transactions']?.get?.responses['200'] as {
      content: {
        'application/json': { schema: { properties: { data: { items: Record<string, unknown> } } } };
      };
    };
    const row = success.content['application/json'].schema.properties.data.items;

    expect(row).toMatchObject({
      properties: { transaction_hash: { type: ['string', 'null'] } },
      required: expect.arrayContaining(['transaction_hash']),
    });
  });

  it('lists the query parameters of the list routes from the contracts they are parsed with', () => {
    const query = (path: string) =>
      Object.fromEntries(
        (document.paths[path]?.get?.parameters ?? [])
          .filter((parameter) => parameter.in === 'query')
          .map(({ name, required, schema }) => [name, { required, schema }]),
      );

    expect(query('/api/transactions')).toMatchObject({
      type: { required: false, schema: { enum: ['deposit', 'withdrawal'] } },
      status: { required: false, schema: { enum: ['pending', 'completed', 'paid', 'rejected'] } },
      // A query string's digits, as sent: a sign, an exponent or hex, which Number() would take, are refused.
      page: { required: false, schema: { type: 'string', pattern: '^[0-9]{1,9}$', default: '1' } },
      pageSize: { required: false, schema: { type: 'string', pattern: '^[0-9]{1,9}$', default: '20' } },
      // The position a command answered with, sealed: opaque to the caller.
      after: { required: false, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{92}$' } },
    });
    expect(Object.keys(query('/api/admin/users')).sort()).toEqual(['after', 'page', 'pageSize', 'search']);
    expect(Object.keys(query('/api/transactions/deposit')).sort()).toEqual([
      'after',
      'page',
      'pageSize',
      'search',
    ]);
    expect(query('/api/withdraw')).toMatchObject({
      pageSize: { required: false, schema: { type: 'string', pattern: '^[0-9]{1,9}$' } },
    });
    expect(query('/api/withdraw')['pageSize']?.schema).not.toHaveProperty('default');
    expect(Object.keys(query('/api/user/activity')).sort()).toEqual(['after', 'limit']);
    expect(query('/api/plans')).toEqual({
      kind: { required: false, schema: { type: 'string', enum: ['crypto', 'real_estate'] } },
    });
    // Its figures and version come from the account's state row, current at once: nothing to wait for.
    expect(query('/api/admin/users/{id}')).toEqual({});
  });
});

describe('Swagger UI at /api/docs', () => {
  it('is public and loads nothing but files the api serves itself', async () => {
    const page = await testApp
      .bare()
      .get('/api/docs')
      .expect(200)
      .expect('Content-Type', /text\/html/);

    const loaded = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map(([, url]) => url);
    expect(loaded.length).toBeGreaterThan(0);
    for (const url of loaded) {
      expect(url).toMatch(/^\/api\/docs\/ui\//);
      await testApp
        .bare()
        .get(url ?? '')
        .expect(200);
    }
  });

  it('opens our document, without the online validator', async () => {
    const initializer = await testApp.bare().get('/api/docs/ui/swagger-initializer.js').expect(200);

    expect(initializer.text).toContain("url: '/api/docs/openapi.json'");
    expect(initializer.text).toContain('validatorUrl: null');
    expect(initializer.text).not.toMatch(/https?:/);
  });

  it('serves only the files the page needs from the package', async () => {
    await testApp
      .bare()
      .get('/api/docs/ui/swagger-ui-bundle.js')
      .expect(200)
      .expect('Content-Type', /javascript/);
    await testApp.bare().get('/api/docs/ui/index.html').expect(404);
    await testApp.bare().get('/api/docs/ui/..%2Fpackage.json').expect(404);
  });
});

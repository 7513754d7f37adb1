import { errorResponse } from '@ledgerstone/contracts';
import { z } from 'zod';
import type { AccessRule } from '../shared/auth/access.decorators.js';
import type { DescribedRoute } from '../shared/http/api-route.js';

type JsonObject = Record<string, unknown>;

const ERROR_RESPONSE = { $ref: '#/components/schemas/ErrorResponse' };

const SECURITY: Record<AccessRule, JsonObject[]> = {
  public: [],
  member: [{ memberSession: [] }],
  admin: [{ adminSession: [] }],
  'staff-read': [{ adminSession: [] }],
  staff: [{ adminSession: [] }],
  'metrics-reader': [{ adminSession: [] }, { metricsToken: [] }],
};

const ACCESS_NOTE: Record<AccessRule, string> = {
  public: 'Open to anyone.',
  member: 'Member session (`ls_member` cookie).',
  admin: 'Admin session (`ls_admin` cookie) of an admin; auditors get 403.',
  'staff-read': 'Admin session (`ls_admin` cookie) of an admin or an auditor.',
  staff: 'Admin session (`ls_admin` cookie) of an admin or an auditor, for their own account.',
  'metrics-reader':
    'Admin session (`ls_admin` cookie) of an admin, or `Authorization: Bearer <METRICS_TOKEN>`; auditors get 403.',
};

/** The JSON Schema of a zod schema as a request sends it (`input`) or a response carries it (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io }) as JsonObject;
  return rest;
}

function successContent(response: DescribedRoute['response']): JsonObject {
  if (response === 'html') return { 'text/html': { schema: { type: 'string' } } };
  if (response === 'text') return { 'text/plain': { schema: { type: 'string' } } };
  if (response === 'file') return { '*/*': { schema: { type: 'string', format: 'binary' } } };
  return { 'application/json': { schema: jsonSchema(response, 'output') } };
}

/** JSON, or a multipart form whose `fileField` carries a file beside the schema's text fields. */
function requestContent(route: DescribedRoute, request: z.ZodType): JsonObject {
  const schema = jsonSchema(request, 'input');
  if (!route.fileField) return { 'application/json': { schema } };
  const properties = (schema.properties ?? {}) as JsonObject;
  const required = (schema.required ?? []) as string[];
  return {
    'multipart/form-data': {
      schema: {
        ...schema,
        properties: { ...properties, [route.fileField]: { type: 'string', format: 'binary' } },
        required: [...required, route.fileField],
      },
    },
  };
}

function queryParameters(query: z.ZodObject): JsonObject[] {
  const { properties = {}, required = [] } = jsonSchema(query, 'input') as {
    properties?: Record<string, JsonObject>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, { description, ...schema }]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    ...(description === undefined ? {} : { description }),
    schema,
  }));
}

function parameters(route: DescribedRoute): JsonObject[] {
  const inPath = [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.method === 'get') return [...inPath, ...(route.query ? queryParameters(route.query) : [])];
  return [
    ...inPath,
    ...(route.idempotent
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description:
              'The same request sent again with the same key answers as the first did and changes nothing; the same key with another request answers 422.',
            schema: { type: 'string', maxLength: 200 },
          },
        ]
      : []),
    {
      name: 'X-Requested-With',
      in: 'header',
      required: true,
      description: 'Every state-changing request carries it (with a same-origin Origin, when one is sent).',
      schema: { type: 'string', enum: ['XMLHttpRequest'] },
    },
  ];
}

function operation(route: DescribedRoute): JsonObject {
  const responses: JsonObject = {
    [String(route.status ?? 200)]: { description: 'Success', content: successContent(route.response) },
  };
  if (route.request) responses['400'] = { $ref: '#/components/responses/Invalid' };
  if (route.access !== 'public') {
    responses['401'] = { $ref: '#/components/responses/NotSignedIn' };
    responses['403'] = { $ref: '#/components/responses/Forbidden' };
  }
  if (route.rateLimited) responses['429'] = { $ref: '#/components/responses/TooManyAttempts' };
  responses['4XX'] = { $ref: '#/components/responses/Refused' };
  return {
    tags: [route.tag],
    summary: route.summary,
    description: ACCESS_NOTE[route.access],
    security: SECURITY[route.access],
    'x-access': route.access,
    parameters: parameters(route),
    ...(route.request
      ? { requestBody: { required: true, content: requestContent(route, route.request) } }
      : {}),
    responses,
  };
}

const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_RESPONSE } },
});

/** The OpenAPI 3.1 document of `routes`, their schemas taken from the same zod contracts the api validates with. */
export function openApiDocument(routes: readonly DescribedRoute[]): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ledgerstone API',
      version: '1.0.0',
      description:
        'Sessions are HttpOnly cookies: `ls_member` for members, `ls_admin` for admins and auditors. ' +
        'State-changing requests need `X-Requested-With: XMLHttpRequest`. Errors answer `{ message, fieldErrors? }`.',
    },
    tags: [
      { name: 'Member', description: 'Signup, verification, sessions, profile and password of members' },
      { name: 'Admin', description: 'Admin sessions, profile, password reset and messages' },
      { name: 'Market', description: 'Price quotes for the ticker and the market overview' },
      { name: 'Health', description: 'Readiness and liveness' },
      { name: 'Documentation', description: 'This document and its viewer' },
    ],
    paths,
    components: {
      securitySchemes: {
        memberSession: { type: 'apiKey', in: 'cookie', name: 'ls_member' },
        adminSession: { type: 'apiKey', in: 'cookie', name: 'ls_admin' },
        metricsToken: { type: 'http', scheme: 'bearer' },
      },
      schemas: { ErrorResponse: jsonSchema(errorResponse, 'output') },
      responses: {
        Invalid: refusal('Invalid input: `fieldErrors` names each field at fault'),
        NotSignedIn: refusal('No live session of the route’s kind'),
        Forbidden: refusal('A session of the other kind, or a role that may not do this'),
        TooManyAttempts: {
          ...refusal('Over a rate limit: "Too many attempts, please try again in N seconds."'),
          headers: {
            'Retry-After': {
              description: 'Seconds until the next attempt may succeed',
              schema: { type: 'integer' },
            },
          },
        },
        Refused: refusal('Any other refusal, with its message'),
      },
    },
  };
}

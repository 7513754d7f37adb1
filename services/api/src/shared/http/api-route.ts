import type { z } from 'zod';
import type { AccessRule } from '../auth/access.decorators.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** One route of the api as the OpenAPI document and the access tests know it. */
export interface ApiRoute {
  method: HttpMethod;
  /** With the /api prefix and OpenAPI's `{param}` placeholders. */
  path: string;
  summary: string;
  tag: 'Member' | 'Admin' | 'Market' | 'Health' | 'Documentation';
  access: AccessRule;
  /** The query string's parameters, when the route reads any. */
  query?: z.ZodObject;
  /** The JSON body, when the route reads one; the text fields of a multipart form with `fileField`. */
  request?: z.ZodType;
  /** The multipart form's file field. */
  fileField?: string;
  /** Takes an optional Idempotency-Key header. */
  idempotent?: boolean;
  /** A JSON body, or another kind of answer. */
  response: z.ZodType | 'html' | 'text' | 'file';
  /** The status of success; 200 unless stated. */
  status?: number;
  /** Answers 429 with Retry-After over its limit. */
  rateLimited?: boolean;
}

import { Reflector } from '@nestjs/core';
import type { z } from 'zod';
import type { AccessRule } from '../auth/access.decorators.js';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/**
 * What the documentation says of a route and nothing Nest already knows: its method, path and status of
 * success come from the controller's decorators, its access rule from `Access`.
 */
export interface RouteDescriptor {
  summary: string;
  tag: 'Member' | 'Admin' | 'Market' | 'Health' | 'Documentation';
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
  /** Answers 429 with Retry-After over its limit. */
  rateLimited?: boolean;
}

/** A handler's descriptor, stated beside it; the api does not start while a route it serves has none. */
export const ApiRoute = Reflector.createDecorator<RouteDescriptor>();

/** One route of the api as the OpenAPI document and the access tests know it. */
export interface DescribedRoute extends RouteDescriptor {
  method: HttpMethod;
  /** With the /api prefix and OpenAPI's `{param}` placeholders. */
  path: string;
  access: AccessRule;
  /** The status of success; 200 unless stated. */
  status?: number;
}

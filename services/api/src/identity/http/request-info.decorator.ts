import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { RequestContext } from '../application/request-context.js';

/**
 * The request's id and client address for a use case. The id is always made here, never taken from the
 * client: it names mail jobs, and a reused id would swallow a mail.
 */
export const RequestInfo = createParamDecorator((_: unknown, context: ExecutionContext): RequestContext => {
  const request = context.switchToHttp().getRequest<Request>();
  return { requestId: randomUUID(), ip: request.ip ?? request.socket.remoteAddress ?? 'unknown' };
});

import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestIdOf } from '../observability/logging.js';
import type { RequestContext } from './request-context.js';

/**
 * The request's id and client address for a use case. The id is the one the server gave this HTTP request
 * (its log lines and X-Request-Id header carry it too), never taken from the client: it names mail jobs, and a
 * reused id would swallow a mail.
 */
export const RequestInfo = createParamDecorator((_: unknown, context: ExecutionContext): RequestContext => {
  const request = context.switchToHttp().getRequest<Request>();
  const userAgent = request.headers['user-agent'];
  return {
    requestId: requestIdOf(request),
    ip: request.ip ?? request.socket.remoteAddress ?? 'unknown',
    ...(userAgent ? { userAgent: userAgent.slice(0, 500) } : {}),
  };
});

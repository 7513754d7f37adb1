import { Catch, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorResponse, INTERNAL_ERROR } from './error-response.js';

/** Answers every error as `{ message, fieldErrors? }`; server faults are logged and never described. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<Request>();
    const response = http.getResponse<Response>();
    const known = errorResponse(exception);
    if (!known || known.status >= HttpStatus.INTERNAL_SERVER_ERROR) {
      const detail = exception instanceof Error ? (exception.stack ?? exception.message) : String(exception);
      this.logger.error(`${request.method} ${request.originalUrl} failed`, detail);
    }
    const answer = known ?? INTERNAL_ERROR;
    if (response.headersSent) {
      response.end();
      return;
    }
    if (answer.headers) response.set(answer.headers);
    response.status(answer.status).json(answer.body);
  }
}

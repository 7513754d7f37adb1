import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  Logger,
  NotFoundException,
  PayloadTooLargeException,
  type ArgumentsHost,
} from '@nestjs/common';
import { z } from 'zod';
import { ApiExceptionFilter } from './api-exception.filter.js';
import { errorResponse } from './error-response.js';

describe('errorResponse', () => {
  it('keeps the status and message of an HTTP exception', () => {
    expect(errorResponse(new ForbiddenException('Admins only'))).toEqual({
      status: 403,
      body: { message: 'Admins only' },
    });
  });

  it('passes field errors given with an HTTP exception', () => {
    const exception = new BadRequestException({
      message: 'Invalid e-mail',
      fieldErrors: { email: ['Taken'] },
    });

    expect(errorResponse(exception)).toEqual({
      status: 400,
      body: { message: 'Invalid e-mail', fieldErrors: { email: ['Taken'] } },
    });
  });

  it('joins a list of messages', () => {
    expect(errorResponse(new BadRequestException(['one', 'two']))?.body.message).toBe('one; two');
  });

  it('falls back to the status text when an exception carries no message', () => {
    expect(errorResponse(new HttpException({}, 409))).toEqual({ status: 409, body: { message: 'Conflict' } });
  });

  it('answers broken JSON without quoting it back', () => {
    const parseError = new SyntaxError('Unexpected token } in JSON at position 12: {"secret":}');

    expect(errorResponse(new BadRequestException(parseError.message, { cause: parseError }))).toEqual({
      status: 400,
      body: { message: 'Malformed JSON in request body' },
    });
  });

  it('answers an oversize body with 413', () => {
    expect(errorResponse(new PayloadTooLargeException('request entity too large'))).toEqual({
      status: 413,
      body: { message: 'Request body is too large' },
    });
  });

  it("names each unknown field of a strict contract, not the object's", () => {
    const schema = z.strictObject({ available: z.string().optional(), reason: z.string() });
    const error = schema.safeParse({ reserved: '100.00', fee: '1', reason: 7 }).error;

    expect(errorResponse(error)).toEqual({
      status: 400,
      body: {
        message: 'Please correct the highlighted fields',
        fieldErrors: {
          reason: ['Invalid input: expected string, received number'],
          reserved: ['Unknown field'],
          fee: ['Unknown field'],
        },
      },
    });
  });

  it('maps a zod error to 400 with the errors of each field', () => {
    const schema = z.object({
      email: z.email('Enter a valid email address'),
      firstName: z.string().min(1, 'Required'),
    });
    const error = schema.safeParse({ email: 'nope', firstName: '' }).error;

    expect(errorResponse(error)).toEqual({
      status: 400,
      body: {
        message: 'Please correct the highlighted fields',
        fieldErrors: { email: ['Enter a valid email address'], firstName: ['Required'] },
      },
    });
  });

  it('answers 503 when a backing service cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' });
    const gaveUp = new Error('Reached the max retries per request limit (which is 1).');
    gaveUp.name = 'MaxRetriesPerRequestError';
    const unavailable = {
      status: 503,
      body: { message: 'Service temporarily unavailable, please try again shortly.' },
    };

    expect(errorResponse(refused)).toEqual(unavailable);
    expect(errorResponse(gaveUp)).toEqual(unavailable);
    expect(errorResponse(new Error('Connection is closed.'))).toEqual(unavailable);
    const outdatedPlan = Object.assign(new Error('cached plan must not change result type'), {
      code: '0A000',
    });
    expect(errorResponse(outdatedPlan)).toEqual(unavailable);
  });

  it('leaves anything else to the caller as a server fault', () => {
    expect(errorResponse(new Error('boom'))).toBeUndefined();
    expect(errorResponse('a string')).toBeUndefined();
  });
});

describe('ApiExceptionFilter', () => {
  afterEach(() => {
    jest.restoreAllMocks();
  });

  function answer(exception: unknown) {
    const sent: { status?: number; body?: unknown } = {};
    const response = {
      headersSent: false,
      status(code: number) {
        sent.status = code;
        return this;
      },
      json(body: unknown) {
        sent.body = body;
        return this;
      },
    };
    const host = {
      switchToHttp: () => ({
        getRequest: () => ({ method: 'POST', originalUrl: '/api/deposits' }),
        getResponse: () => response,
      }),
    } as unknown as ArgumentsHost;
    new ApiExceptionFilter().catch(exception, host);
    return sent;
  }

  it('answers an unknown error with 500 and a generic message, logging its stack', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    const sent = answer(new Error('password authentication failed for user "ledgerstone"'));

    expect(sent).toEqual({ status: 500, body: { message: 'Internal server error' } });
    expect(logged).toHaveBeenCalledWith(
      'POST /api/deposits failed',
      expect.stringContaining('password authentication failed'),
    );
  });

  it('answers a known error as it maps, without logging', () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);

    expect(answer(new NotFoundException('Deposit not found'))).toEqual({
      status: 404,
      body: { message: 'Deposit not found' },
    });
    expect(logged).not.toHaveBeenCalled();
  });
});

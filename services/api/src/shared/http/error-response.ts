import { STATUS_CODES } from 'node:http';
import { HttpException, HttpStatus } from '@nestjs/common';
import {
  AccountError,
  InsufficientBalanceError,
  OverLargestAmountError,
  ValidationError,
  type AccountErrorCode,
} from '@ledgerstone/ledger';
import { z } from 'zod';
import { CORRECT_THE_FIELDS, DomainError, type DomainErrorCode } from '../errors/domain-error.js';
import { TooManyAttempts } from '../rate-limits/too-many-attempts.error.js';
import { tooManyAttemptsResponse } from '../rate-limits/too-many-attempts.response.js';
import { RefusedJsonKey } from './json-body.js';
import { zodFieldErrors, zodFormErrors } from './zod-field-errors.js';

export interface ErrorBody {
  message: string;
  fieldErrors?: Record<string, string[]>;
}

export interface ErrorResponse {
  status: number;
  headers?: Record<string, string>;
  body: ErrorBody;
}

export const INTERNAL_ERROR: ErrorResponse = {
  status: HttpStatus.INTERNAL_SERVER_ERROR,
  body: { message: 'Internal server error' },
};

export const SERVICE_UNAVAILABLE: ErrorResponse = {
  status: HttpStatus.SERVICE_UNAVAILABLE,
  body: { message: 'Service temporarily unavailable, please try again shortly.' },
};

const CONNECTION_FAILURE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** PostgreSQL ending or refusing connections: a restart, a failover, an operator ending sessions. */
const POSTGRES_UNAVAILABLE_CODES = new Set(['57P01', '57P02', '57P03']);
const POSTGRES_UNAVAILABLE_MESSAGES = [
  // pg, when the server closes the connection under a query, and at the next use of that connection (as
  // the rollback after the failed query).
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  // A database switched to allow_connections false (SQLSTATE 55000, which also means much else).
  /^database ".*" is not currently accepting connections$/,
  // A deployment's migration changed a column a connection's prepared statement returns, inside a transaction
  // (SQLSTATE 0A000, which also means much else): the connection runs it unprepared from the next time.
  /^cached plan must not change result type$/,
];

/**
 * A backing service (Redis, which holds the rate limits and the mail queue, or PostgreSQL) cannot be reached
 * right now; the same request may well succeed in a moment, and a command cut this way was not applied or is
 * found again by its Idempotency-Key.
 */
function isConnectionFailure(exception: Error): boolean {
  // ioredis gives up on a command after its retries, or refuses it outright while disconnected.
  if (exception.name === 'MaxRetriesPerRequestError') return true;
  if (exception.message === 'Connection is closed.') return true;
  if (POSTGRES_UNAVAILABLE_MESSAGES.some((message) => message.test(exception.message))) return true;
  const { code } = exception as NodeJS.ErrnoException;
  if (code === undefined) return false;
  // SQLSTATE class 08: connection exceptions.
  return (
    CONNECTION_FAILURE_CODES.has(code) || POSTGRES_UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)
  );
}

function httpExceptionResponse(exception: HttpException): ErrorResponse {
  const status = exception.getStatus();
  if (status === HttpStatus.BAD_REQUEST && exception.cause instanceof RefusedJsonKey) {
    return { status, body: { message: exception.cause.message } };
  }
  // body-parser's own wording quotes the broken input back; say what happened instead.
  if (status === HttpStatus.BAD_REQUEST && exception.cause instanceof SyntaxError) {
    return { status, body: { message: 'Malformed JSON in request body' } };
  }
  // A body nested deeper than the parser's stack reaches: its own wording names the stack.
  if (status === HttpStatus.BAD_REQUEST && exception.cause instanceof RangeError) {
    return { status, body: { message: 'The JSON in the request body is nested too deeply' } };
  }
  // zlib's wording ("incorrect header check") names its internals: a body sent as gzip or deflate that is not.
  if (
    status === HttpStatus.BAD_REQUEST &&
    /^Z_/.test(String((exception.cause as { code?: unknown })?.code))
  ) {
    return { status, body: { message: 'The request body could not be decompressed' } };
  }
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) {
    return { status, body: { message: 'Request body is too large' } };
  }
  const response = exception.getResponse();
  const given = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  const message =
    typeof given === 'string'
      ? given
      : Array.isArray(given)
        ? given.join('; ')
        : (STATUS_CODES[status] ?? 'Error');
  const fieldErrors =
    typeof response === 'object' ? (response as { fieldErrors?: unknown }).fieldErrors : undefined;
  return fieldErrors && typeof fieldErrors === 'object'
    ? { status, body: { message, fieldErrors: fieldErrors as Record<string, string[]> } }
    : { status, body: { message } };
}

function validationResponse(error: z.ZodError): ErrorResponse {
  return {
    status: HttpStatus.BAD_REQUEST,
    body: { message: zodFormErrors(error)[0] ?? CORRECT_THE_FIELDS, fieldErrors: zodFieldErrors(error) },
  };
}

/** The status of every refusal a context or the ledger's decider may make, by its code. */
const ERROR_STATUS: Record<AccountErrorCode | DomainErrorCode, number> = {
  VALIDATION: HttpStatus.BAD_REQUEST,
  INSUFFICIENT_BALANCE: HttpStatus.BAD_REQUEST,
  UNAUTHENTICATED: HttpStatus.UNAUTHORIZED,
  FORBIDDEN: HttpStatus.FORBIDDEN,
  UNPROCESSABLE: HttpStatus.UNPROCESSABLE_ENTITY,
  NOT_FOUND: HttpStatus.NOT_FOUND,
  ILLEGAL_STATE: HttpStatus.CONFLICT,
  CONFLICT: HttpStatus.CONFLICT,
  CONCURRENCY: HttpStatus.CONFLICT,
  IDEMPOTENCY_KEY_REUSED: HttpStatus.UNPROCESSABLE_ENTITY,
  UNAVAILABLE: HttpStatus.SERVICE_UNAVAILABLE,
};

/** The decider's refusals: their messages are written for the member or admin and shown as they are. */
function accountErrorResponse(error: AccountError): ErrorResponse {
  const status = ERROR_STATUS[error.code];
  // A withdrawal names its source bucket; the form's field is the amount.
  const field =
    error instanceof ValidationError
      ? error.field
      : error instanceof InsufficientBalanceError
        ? 'amount'
        : error instanceof OverLargestAmountError
          ? error.figure
          : null;
  return {
    status,
    body: field
      ? { message: error.message, fieldErrors: { [field]: [error.message] } }
      : { message: error.message },
  };
}

/** A context's refusal: its message, and the fields it names. */
function domainErrorResponse(error: DomainError): ErrorResponse {
  const status = ERROR_STATUS[error.code];
  const { fieldErrors } = error;
  return {
    status,
    body: fieldErrors
      ? {
          message: error.message,
          fieldErrors: Object.fromEntries(
            Object.entries(fieldErrors).map(([field, messages]) => [field, [...messages]]),
          ),
        }
      : { message: error.message },
  };
}

/** The answer to an error the api knows; `undefined` for anything else, which is a server fault. */
export function errorResponse(exception: unknown): ErrorResponse | undefined {
  if (exception instanceof HttpException) return httpExceptionResponse(exception);
  if (exception instanceof z.ZodError) return validationResponse(exception);
  if (exception instanceof TooManyAttempts) return tooManyAttemptsResponse(exception);
  if (exception instanceof AccountError) return accountErrorResponse(exception);
  if (exception instanceof DomainError) return domainErrorResponse(exception);
  if (exception instanceof Error && isConnectionFailure(exception)) return SERVICE_UNAVAILABLE;
  return undefined;
}

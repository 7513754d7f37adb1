import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { LoggerService } from '@nestjs/common';
import { jsonLineOptions, standardOutput } from '@ledgerstone/process-kit';
import type { NextFunction, Request, Response } from 'express';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import type { LogLevel } from '../config/config.js';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** Fields that hold a secret wherever they appear, at the top of a logged object or one level down. */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'current_password',
  'old_password',
  'newPassword',
  'new_password',
  'token',
  'verifyCode',
  'secret',
  'cookieSecret',
  'metricsToken',
  'twoFactorKey',
  'recoveryCode',
  'recoveryCodes',
  'setupKey',
  'otpauthUri',
  'sealedSecret',
  'sealed_secret',
  'cookie',
  'authorization',
];

/**
 * The request serializer below keeps no headers and no body at all, and redacts secrets in the URL; these
 * paths only catch an object that code logs by hand.
 */
const REDACTED = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'req.body',
  'body',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
];

export const REDACTED_TEXT = '[redacted]';

/** Path segments that are secrets themselves: password-reset tokens, in the api's routes and the SPA's pages. */
// Case-insensitive, as Express's routing is: `/api/User/Change/<token>` reaches the reset all the same.
const SECRET_PATH_SEGMENTS = [
  /(\/api\/(?:user|admin)\/change\/)(?!:)[^/?#\s]+/gi,
  /(\/(?:admin-)?reset-password\/)(?!:)[^/?#\s]+/gi,
];

/** Query parameters whose value is a secret, whatever the route: tokens, codes, keys, passwords, signatures. */
const SECRET_PARAMETER = /token|secret|password|passwd|code|key|signature|^sig$|auth|session/i;
const QUERY_PARAMETER = /([?&])([^=&#\s]+)=([^&#\s]*)/g;

/**
 * A URL (or a log message naming one) with every secret in it replaced: reset tokens in the path and secret
 * query parameters. Anything else stays, so the line still says which route was asked for.
 */
export function redactUrl(text: string): string {
  let redacted = text;
  for (const segment of SECRET_PATH_SEGMENTS) redacted = redacted.replace(segment, `$1${REDACTED_TEXT}`);
  return redacted.replace(QUERY_PARAMETER, (whole, separator: string, name: string) =>
    SECRET_PARAMETER.test(name) ? `${separator}${name}=${REDACTED_TEXT}` : whole,
  );
}

/** The api's one pino logger: JSON lines on stdout, or on `destination` (tests read them there). */
export function createRootLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    name: 'api',
    ...jsonLineOptions(level),
    redact: { paths: REDACTED, censor: REDACTED_TEXT },
  };
  return pino(options, destination ?? standardOutput());
}

/** The id of the request being served, so that Nest's log lines inside it carry it as `reqId`. */
const requestIds = new AsyncLocalStorage<string>();

const requestIdsByRequest = new WeakMap<IncomingMessage, string>();

/** The id of this HTTP request: made by the server (never taken from the client) and answered as a header. */
export function requestIdOf(request: IncomingMessage): string {
  let id = requestIdsByRequest.get(request);
  if (id === undefined) {
    id = randomUUID();
    requestIdsByRequest.set(request, id);
  }
  return id;
}

/** Scraped every few seconds: their successful calls log at debug, so that info shows the traffic. */
const PROBE_PATHS = new Set(['/api/metrics', '/api/health', '/api/health/live']);

function accessLevel(request: Request, response: ServerResponse, finished: boolean): Level {
  if (!finished || response.statusCode >= 500) return 'error';
  if (response.statusCode >= 400) return 'warn';
  return PROBE_PATHS.has(request.path) ? 'debug' : 'info';
}

/**
 * Gives each request its id and response header, logs one line when the response is done (5xx and answers cut
 * short as error, 4xx as warn, probes as debug) and runs the rest of the request with its id at hand.
 *
 * The line is built from an allow-list (method, the URL with its secrets redacted, the peer's address, status
 * and time; no headers, no body), so the redaction paths, which cost as much CPU as the rest of the line, are
 * left to lines that can carry more: every line at warn and above still passes them.
 */
export function requestLogging(logger: Logger) {
  const allowListed = logger.child({}, { redact: [] });
  return (request: Request, response: Response, next: NextFunction) => {
    const started = performance.now();
    const reqId = requestIdOf(request);
    response.setHeader(REQUEST_ID_HEADER, reqId);
    let logged = false;
    const log = () => {
      if (logged) return;
      logged = true;
      const level = accessLevel(request, response, response.writableFinished);
      const line = level === 'info' || level === 'debug' ? allowListed : logger;
      if (!line.isLevelEnabled(level)) return;
      line[level](
        {
          reqId,
          req: {
            method: request.method,
            url: redactUrl(request.originalUrl),
            remoteAddress: request.socket.remoteAddress,
          },
          res: { statusCode: response.statusCode },
          responseTime: Math.round(performance.now() - started),
        },
        response.writableFinished ? 'request completed' : 'request aborted',
      );
    };
    response.once('finish', log);
    response.once('close', log);
    requestIds.run(reqId, next);
  };
}

/**
 * Nest's LoggerService over pino, so that bootstrap lines and the exception filter's errors are JSON too.
 * Nest passes the logger's context as the last argument and a stack before it for errors.
 */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly root: Logger) {}

  fatal(message: unknown, ...rest: unknown[]) {
    this.write('fatal', message, rest);
  }

  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }

  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }

  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }

  verbose(message: unknown, ...rest: unknown[]) {
    this.write('trace', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]): void {
    const logger = this.root;
    if (!logger.isLevelEnabled(level)) return;
    const context = rest.length > 0 && typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const details = context === undefined ? rest : rest.slice(0, -1);
    const reqId = requestIds.getStore();
    const fields: Record<string, unknown> = {
      ...(reqId === undefined ? {} : { reqId }),
      ...(context === undefined ? {} : { context }),
    };
    // Nest's error(message, stack, context); any other extra arguments are kept as they are.
    if ((level === 'error' || level === 'fatal') && typeof details[0] === 'string') {
      fields.stack = details.shift();
    }
    if (details.length > 0) fields.details = details;
    // Lines such as the exception filter's "POST /api/user/change/<token> failed" name the URL.
    if (typeof fields.stack === 'string') fields.stack = redactUrl(fields.stack);
    if (message instanceof Error) {
      logger[level]({ ...fields, err: message }, redactUrl(message.message));
    } else if (typeof message === 'object' && message !== null) {
      logger[level]({ ...fields, ...(message as Record<string, unknown>) });
    } else {
      logger[level](fields, redactUrl(String(message)));
    }
  }
}

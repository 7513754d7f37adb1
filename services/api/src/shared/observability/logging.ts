import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { jsonLineOptions } from '@ledgerstone/process-kit';
import type { NextFunction, Request, Response } from 'express';
import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
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
const SECRET_PATH_SEGMENTS = [
  /(\/api\/(?:user|admin)\/change\/)(?!:)[^/?#\s]+/g,
  /(\/(?:admin-)?reset-password\/)(?!:)[^/?#\s]+/g,
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
  return destination ? pino(options, destination) : pino(options);
}

/** The logger of the request being served, so that Nest's log lines inside it carry its reqId. */
const requestLoggers = new AsyncLocalStorage<Logger>();

/** The id of this HTTP request: made by the server (never taken from the client) and answered as a header. */
export function requestIdOf(request: IncomingMessage): string {
  if (typeof request.id !== 'string') request.id = randomUUID();
  return request.id;
}

/** Scraped every few seconds: their successful calls log at debug, so that info shows the traffic. */
const PROBE_PATHS = new Set(['/api/metrics', '/api/health', '/api/health/live']);

interface SerializedRequest {
  method: string;
  url: string;
  remoteAddress?: string;
}

/**
 * Gives each request its id and response header, logs one line when the response is done (5xx as error, 4xx
 * as warn, probes as debug) and runs the rest of the request with its child logger.
 */
export function requestLogging(logger: Logger) {
  const http = pinoHttp({
    logger,
    quietReqLogger: true,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const id = requestIdOf(request);
      response.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    customLogLevel: (request, response, error) => {
      if (error || response.statusCode >= 500) return 'error';
      if (response.statusCode >= 400) return 'warn';
      return PROBE_PATHS.has((request.url ?? '').split('?')[0]!) ? 'debug' : 'info';
    },
    // An allow-list: no headers (cookies, Authorization) and no bodies ever reach a log line, nor a URL's secrets.
    serializers: {
      req: ({ method, url, remoteAddress }: SerializedRequest) => ({
        method,
        url: redactUrl(url),
        remoteAddress,
      }),
      res: ({ statusCode }: { statusCode: number }) => ({ statusCode }),
    },
  });
  return (request: Request, response: Response, next: NextFunction) => {
    http(request, response);
    requestLoggers.run(request.log, next);
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
    const logger = requestLoggers.getStore() ?? this.root;
    if (!logger.isLevelEnabled(level)) return;
    const context = rest.length > 0 && typeof rest.at(-1) === 'string' ? (rest.at(-1) as string) : undefined;
    const details = context === undefined ? rest : rest.slice(0, -1);
    const fields: Record<string, unknown> = context === undefined ? {} : { context };
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

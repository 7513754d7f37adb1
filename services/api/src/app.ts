import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { positionSeal } from '@ledgerstone/process-kit';
import cookieParser from 'cookie-parser';
import type { DestinationStream } from 'pino';
import { ApiRoutes } from './api-docs/index.js';
import { AppModule } from './app.module.js';
import type { Clock } from './shared/clock/clock.js';
import type { ApiConfig } from './shared/config/config.js';
import { ApiExceptionFilter } from './shared/http/api-exception.filter.js';
import { CanonicalPathIds } from './shared/http/canonical-ids.js';
import { refuseProtoKeys } from './shared/http/json-body.js';
import { answerMalformedRequests } from './shared/http/malformed-requests.js';
import { KnownQueryParameters } from './shared/http/known-query-parameters.js';
import { keptByNoCache, securityHeaders, siteDirectives } from './shared/http/security-headers.js';
import { openPositionsInQueries, SealedPositions } from './shared/http/sealed-positions.js';
import { serveSpa } from './shared/http/spa.js';
import { ApiMetrics } from './shared/observability/api-metrics.js';
import { httpMetrics } from './shared/observability/http-metrics.js';
import { createRootLogger, PinoNestLogger, requestLogging } from './shared/observability/logging.js';
import { QUEUES_BOARD_PATH, QueuesBoard } from './queues-board/index.js';

const API_PREFIX = 'api';
const BODY_LIMIT = '1mb';

/**
 * The whole api, initialised but not listening: main.ts and the tests both start it from here.
 * Tests may pass a clock of their own to move time, and a stream to read the JSON log lines from.
 */
export async function createApp(
  config: ApiConfig,
  options: { clock?: Clock; logDestination?: DestinationStream } = {},
): Promise<NestExpressApplication> {
  const logger = createRootLogger(config.logLevel, options.logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.clock), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
    abortOnError: false,
  });
  // First, so that every request (the SPA's and the queues board's too) has its id, log line and timing.
  app.use(requestLogging(logger));
  app.use(httpMetrics(app.get(ApiMetrics).httpRequestDuration));
  app.disable('x-powered-by');
  // Before anything can answer, so every response (API, SPA, docs, queues board, errors) carries them.
  app.use(...securityHeaders(config.mode));
  app.use(`/${API_PREFIX}`, keptByNoCache);
  // With nothing kept there is nothing to revalidate: no ETag (a SHA-1 of each answer's body) to compute.
  app.set('etag', false);
  if (config.trustProxyHops > 0) app.set('trust proxy', config.trustProxyHops);
  app.useBodyParser('json', { limit: BODY_LIMIT, reviver: refuseProtoKeys });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });
  app.use(cookieParser());
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ApiExceptionFilter());
  app.useGlobalPipes(new CanonicalPathIds());
  const seal = positionSeal(config.cookieSecret);
  openPositionsInQueries(app, seal);
  app.useGlobalInterceptors(new KnownQueryParameters(app.get(Reflector)), new SealedPositions(seal));
  // An express router, not a Nest route: the board checks the admin session itself before it answers.
  app.use(QUEUES_BOARD_PATH, app.get(QueuesBoard).handle);
  // No Nest metadata describes it, so its descriptor is registered here, beside the mount.
  app.get(ApiRoutes).mounted({
    method: 'get',
    path: QUEUES_BOARD_PATH,
    access: 'staff-read',
    summary: 'Bull Board over the mail queue (read-only for auditors; e-mail addresses masked)',
    tag: 'Admin',
    response: 'html',
  });
  serveSpa(app, config.spaDir, siteDirectives(config.mode));
  answerMalformedRequests(app.getHttpServer());
  await app.init();
  return app;
}

import { type LogLevel as NestLogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import cookieParser from 'cookie-parser';
import { AppModule } from './app.module.js';
import type { Clock } from './clock/clock.js';
import type { ApiConfig, LogLevel } from './config.js';
import { ApiExceptionFilter } from './http/api-exception.filter.js';
import { serveSpa } from './http/spa.js';
import { QUEUES_BOARD_PATH, QueuesBoard } from './queues-board/queues-board.js';

const API_PREFIX = 'api';
const BODY_LIMIT = '1mb';

const NEST_LOG_LEVELS: Record<LogLevel, NestLogLevel[]> = {
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  verbose: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
};

/**
 * The whole api, initialised but not listening: main.ts and the tests both start it from here.
 * Tests may pass a clock of their own to move time.
 */
export async function createApp(
  config: ApiConfig,
  options: { clock?: Clock } = {},
): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options.clock), {
    bodyParser: false,
    logger: NEST_LOG_LEVELS[config.logLevel],
    abortOnError: false,
  });
  app.disable('x-powered-by');
  if (config.trustProxyHops > 0) app.set('trust proxy', config.trustProxyHops);
  app.useBodyParser('json', { limit: BODY_LIMIT });
  app.useBodyParser('urlencoded', { limit: BODY_LIMIT, extended: false });
  app.use(cookieParser());
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new ApiExceptionFilter());
  // An express router, not a Nest route: the board checks the admin session itself before it answers.
  app.use(QUEUES_BOARD_PATH, app.get(QueuesBoard).handle);
  serveSpa(app, config.spaDir);
  await app.init();
  return app;
}

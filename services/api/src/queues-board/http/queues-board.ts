import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import {
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { identityMessages } from '@ledgerstone/contracts';
import type { Job } from 'bullmq';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiConfig } from '../../shared/config/config.js';
import { errorResponse, INTERNAL_ERROR } from '../../shared/http/error-response.js';
import { contentSecurityPolicy, siteDirectives, withSources } from '../../shared/http/security-headers.js';
import { SessionAuthenticator } from '../../shared/auth/actor.js';
import { API_CONFIG, MAIL_QUEUE, type MailQueue } from '../../shared/infrastructure/infrastructure.tokens.js';
import { maskEmailAddresses, maskJobData } from '../job-masking.js';

export const QUEUES_BOARD_PATH = '/api/admin/queues';

const SAFE_METHODS = new Set(['GET', 'HEAD']);

const NAME = '[^/]+';
const FINISHED = '(?:completed|failed)';

/**
 * What the board is let answer, matched against the path exactly as sent (letter case, percent-encoding,
 * empty segments and trailing slashes included), after the mount point. Express matches the board's own
 * routes case-insensitively and loosely, so a deny-list of its routes can always be passed (`/ADD`); an
 * allow-list cannot. Reads: the board's pages, its static files and its read routes.
 */
const BOARD_READS = [
  /^\/(?:metrics-history|job-schedulers)?$/,
  new RegExp(`^/queue/${NAME}(?:/${NAME})?$`),
  /^\/static(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/,
  /^\/api\/(?:redis\/stats|queues|job-schedulers)$/,
  new RegExp(`^/api/queues/${NAME}/(?:metrics|default-job-options|workers|rate-limit|job-data-schema)$`),
  new RegExp(`^/api/queues/${NAME}/${NAME}(?:/logs|/flow)?$`),
];

/** A single job's retry: allowed for a failed job only, which the board cannot tell from the path. */
const JOB_RETRY = new RegExp(`^/api/queues/${NAME}/(${NAME})/retry$`);

/**
 * The changes an operator needs: retry a failed job or every failed one, and clean a job or the finished ones.
 * Nothing else: adding a job, rewriting a job's data or retrying a completed one would send mail the platform
 * never decided to send (a completed job's mail went out already), outside the audit trail; pausing or
 * emptying the queue would stop every mail.
 */
const BOARD_ACTIONS = [
  JOB_RETRY,
  new RegExp(`^/api/queues/${NAME}/${NAME}/clean$`),
  new RegExp(`^/api/queues/${NAME}/retry/failed$`),
  new RegExp(`^/api/queues/${NAME}/clean/${FINISHED}$`),
];

export const BOARD_ACTION_REFUSED =
  'The queues board only retries failed jobs and cleans jobs: mail jobs are created and changed by the platform only';

export const BOARD_RESEND_REFUSED = 'This mail was sent already: only a mail that failed is sent again';

/** Whether the board may answer this request at all (who may is checked apart). */
export function boardAllows(method: string, path: string): boolean {
  if (SAFE_METHODS.has(method)) return BOARD_READS.some((route) => route.test(path));
  return method === 'PUT' && BOARD_ACTIONS.some((route) => route.test(path));
}

/** Each failed attempt's message without its stack: staff read why a mail failed, not the server's file paths. */
function messagesOnly(stacktrace: unknown): unknown {
  return Array.isArray(stacktrace) ? stacktrace.map((entry) => String(entry).split('\n', 1)[0]) : stacktrace;
}

/** A job whose failure texts are masked as well: SMTP refusals quote the recipient's address. */
function withMaskedFailures(job: Job): Job {
  return new Proxy(job, {
    get(target, property) {
      if (property === 'toJSON') {
        return () => {
          const json = target.toJSON();
          return {
            ...json,
            failedReason: maskEmailAddresses(json.failedReason),
            stacktrace: maskEmailAddresses(messagesOnly(json.stacktrace)),
          };
        };
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The mail queue as the board shows it: every e-mail address masked, in job data, results and failures, and the
 * secrets some mails carry (reset links, verification codes) hidden.
 */
class MaskedQueueAdapter extends BullMQAdapter {
  constructor(queue: MailQueue, readOnlyMode: boolean) {
    // The board's base adapter takes allowCompletedRetries; BullMQAdapter's type leaves it out and passes it on.
    const options = { readOnlyMode, allowRetries: !readOnlyMode, allowCompletedRetries: false };
    super(queue, options as ConstructorParameters<typeof BullMQAdapter>[1]);
    this.setFormatter('data', maskJobData);
    this.setFormatter('returnValue', maskEmailAddresses);
  }

  override async getJob(id: string): Promise<Job | undefined> {
    const job = await super.getJob(id);
    return job && withMaskedFailures(job);
  }

  override async getJobs(...args: Parameters<BullMQAdapter['getJobs']>): Promise<Job[]> {
    return (await super.getJobs(...args)).map(withMaskedFailures);
  }
}

type BoardServer = Parameters<typeof createBullBoard>[0]['serverAdapter'];

function board(queue: MailQueue, readOnlyMode: boolean): RequestHandler {
  const server = new ExpressAdapter();
  server.setBasePath(QUEUES_BOARD_PATH);
  createBullBoard({
    queues: [new MaskedQueueAdapter(queue, readOnlyMode)],
    // @bull-board/express 9.10.1 is typed against its own copy of @bull-board/api (9.10.1), whose adapter
    // class differs from 9.10.2's only in private members; at run time it just stores and hands back the queues.
    serverAdapter: server as unknown as BoardServer,
    options: {
      uiConfig: { boardTitle: readOnlyMode ? 'Ledgerstone queues (read-only)' : 'Ledgerstone queues' },
    },
  });
  const app = server.getRouter() as Express;
  // The board is an express app of its own, which would name itself in every answer.
  app.disable('x-powered-by');
  return app;
}

/**
 * The site's policy, and the board page's web fonts (its stylesheet links Google Fonts): the board is a
 * third-party UI for staff only, and its scripts still come from its own files only.
 */
function boardPolicy(mode: ApiConfig['mode']): string {
  return contentSecurityPolicy(
    withSources(siteDirectives(mode), {
      'style-src': ['https://fonts.googleapis.com'],
      'font-src': ['https://fonts.gstatic.com'],
    }),
  );
}

/**
 * Bull Board at /api/admin/queues, behind the admin session: admins get the full board, auditors one in
 * read-only mode (and any request of theirs that would change something is refused before it reaches it).
 */
@Injectable()
export class QueuesBoard {
  private readonly logger = new Logger('QueuesBoard');
  private readonly full: RequestHandler;
  private readonly readOnly: RequestHandler;
  private readonly origin: string;
  private readonly policy: string;

  constructor(
    @Inject(MAIL_QUEUE) private readonly queue: MailQueue,
    @Inject(API_CONFIG) config: ApiConfig,
    private readonly access: SessionAuthenticator,
  ) {
    this.full = board(queue, false);
    this.readOnly = board(queue, true);
    this.origin = new URL(config.publicUrl).origin;
    this.policy = boardPolicy(config.mode);
  }

  /** Express middleware, mounted at QUEUES_BOARD_PATH. */
  readonly handle = (request: Request, response: Response, next: NextFunction): void => {
    this.serve(request, response, next).catch((error: unknown) => {
      const known = errorResponse(error);
      if (!known) this.logger.error(`${request.method} ${request.originalUrl} failed`, error);
      const answer = known ?? INTERNAL_ERROR;
      response.status(answer.status).json(answer.body);
    });
  };

  private async serve(request: Request, response: Response, next: NextFunction): Promise<void> {
    const changes = !SAFE_METHODS.has(request.method);
    // The board's own page sends no X-Requested-With; browsers always name the Origin of such requests.
    if (changes && request.headers.origin !== this.origin) {
      throw new ForbiddenException(identityMessages.crossSiteRefused);
    }
    const actor = await this.access.actorFor('staff-read', request);
    if (changes && actor.role !== 'admin') throw new ForbiddenException(identityMessages.forbidden);
    if (!boardAllows(request.method, request.path)) {
      if (changes) throw new ForbiddenException(BOARD_ACTION_REFUSED);
      throw new NotFoundException(`Cannot ${request.method} ${request.originalUrl}`);
    }
    const retried = request.method === 'PUT' ? JOB_RETRY.exec(request.path)?.[1] : undefined;
    if (
      retried !== undefined &&
      (await this.queue.getJobState(decodeURIComponent(retried))) === 'completed'
    ) {
      throw new ConflictException(BOARD_RESEND_REFUSED);
    }
    response.setHeader('Content-Security-Policy', this.policy);
    (actor.role === 'admin' ? this.full : this.readOnly)(request, response, next);
  }
}

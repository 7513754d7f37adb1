import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { identityMessages } from '@ledgerstone/contracts';
import type { Job } from 'bullmq';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ApiConfig } from '../config.js';
import { errorResponse, INTERNAL_ERROR } from '../http/error-response.js';
import { SessionAccess } from '../identity/access/session-access.js';
import { API_CONFIG, MAIL_QUEUE, type MailQueue } from '../infrastructure/infrastructure.tokens.js';
import { maskEmailAddresses, maskJobData } from './job-masking.js';

export const QUEUES_BOARD_PATH = '/api/admin/queues';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Board routes no one may use: adding a job or rewriting a job's data would send mail the platform never
 * decided to send, outside the audit trail.
 */
const REFUSED_ROUTES = [/^\/api\/queues\/[^/]+\/add\/?$/, /^\/api\/queues\/[^/]+\/[^/]+\/update-data\/?$/];

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
            stacktrace: maskEmailAddresses(json.stacktrace),
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
    super(queue, { readOnlyMode, allowRetries: !readOnlyMode });
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
  return server.getRouter() as RequestHandler;
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

  constructor(
    @Inject(MAIL_QUEUE) queue: MailQueue,
    @Inject(API_CONFIG) config: ApiConfig,
    private readonly access: SessionAccess,
  ) {
    this.full = board(queue, false);
    this.readOnly = board(queue, true);
    this.origin = new URL(config.publicUrl).origin;
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
    if (changes && REFUSED_ROUTES.some((route) => route.test(request.path))) {
      throw new ForbiddenException('Mail jobs are created by the platform only');
    }
    (actor.role === 'admin' ? this.full : this.readOnly)(request, response, next);
  }
}

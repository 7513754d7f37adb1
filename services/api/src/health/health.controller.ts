import { Controller, Get, Header, HttpStatus, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import type { ApiConfig } from '../shared/config/config.js';
import { Public } from '../shared/auth/access.decorators.js';
import { SessionAuthenticator } from '../shared/auth/actor.js';
import { SESSION_COOKIES } from '../shared/auth/session-cookies.js';
import { API_CONFIG } from '../shared/infrastructure/infrastructure.tokens.js';
import { carriesBearerToken } from '../shared/auth/metrics-token.js';
import { HealthService, type HealthReport } from './health.service.js';
import { ApiRoute } from '../shared/http/api-route.js';

const checkResult = z.object({
  status: z.enum(['up', 'down']),
  latencyMs: z.number().optional(),
  error: z.string().optional().describe('Only in local mode'),
});

/** The answer as the document describes it. */
const healthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z
    .object({
      postgres: checkResult,
      redis: checkResult,
      objectStorage: checkResult,
      smtp: checkResult,
    })
    .optional()
    .describe('Only for an admin or auditor session, or the metrics token'),
});

/** What anyone learns: ready or not. Staff and the metrics scraper see each check. */
export type HealthAnswer = HealthReport | Pick<HealthReport, 'status'>;

@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthService,
    private readonly sessions: SessionAuthenticator,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * Readiness: 200 when PostgreSQL, Redis, object storage and SMTP all answer, else 503. The checks run at most
   * once every few seconds, however often anyone asks; which of them failed is told to staff and the metrics
   * token only.
   */
  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiRoute({
    summary:
      'Readiness: 200 when PostgreSQL, Redis, object storage and SMTP answer, else 503 (checked at most every 5 s)',
    tag: 'Health',
    response: healthReport,
  })
  async check(
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthAnswer> {
    const report = await this.health.readiness();
    response.status(report.status === 'ok' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return (await this.maySeeChecks(request)) ? report : { status: report.status };
  }

  /** Liveness: the process answers, whatever the state of the services behind it. */
  @Get('live')
  @Header('Cache-Control', 'no-store')
  @ApiRoute({
    summary: 'Liveness: the process answers',
    tag: 'Health',
    response: z.object({ status: z.literal('ok') }),
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The metrics token, or an admin's or auditor's session. */
  private async maySeeChecks(request: Request): Promise<boolean> {
    if (carriesBearerToken(request, this.config.metricsToken)) return true;
    const cookies: Record<string, unknown> = request.cookies ?? {};
    if (cookies[SESSION_COOKIES.admin] === undefined) return false;
    return this.sessions.actorFor('staff-read', request).then(
      () => true,
      () => false,
    );
  }
}

import { Controller, Get, Header, HttpStatus, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ApiConfig } from '../shared/config/config.js';
import { Public } from '../shared/auth/access.decorators.js';
import { SessionAuthenticator } from '../shared/auth/actor.js';
import { SESSION_COOKIES } from '../shared/auth/session-cookies.js';
import { API_CONFIG } from '../shared/infrastructure/infrastructure.tokens.js';
import { carriesBearerToken } from '../shared/auth/metrics-token.js';
import { HealthService, type HealthReport } from './health.service.js';

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

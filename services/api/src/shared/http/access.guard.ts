import {
  ForbiddenException,
  Inject,
  Injectable,
  Logger,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { identityMessages } from '@ledgerstone/contracts';
import type { Request } from 'express';
import type { ApiConfig } from '../config/config.js';
import { API_CONFIG } from '../infrastructure/infrastructure.tokens.js';
import { carriesBearerToken } from '../auth/metrics-token.js';
import { Access, ReachableBeforeSecondFactor } from '../auth/access.decorators.js';
import { SessionAuthenticator } from '../auth/actor.js';
import { setActor } from '../auth/current-actor.decorator.js';

/** Global: every route passes its access rule, and any route that states no rule at all is refused (403). */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger('Access');

  constructor(
    private readonly reflector: Reflector,
    private readonly access: SessionAuthenticator,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride(Access, [context.getHandler(), context.getClass()]);
    if (!rule) {
      this.logger.error(`${context.getClass().name}.${context.getHandler().name} states no access rule`);
      throw new ForbiddenException(identityMessages.forbidden);
    }
    if (rule === 'public') return true;
    const request = context.switchToHttp().getRequest<Request>();
    if (rule === 'metrics-reader' && carriesBearerToken(request, this.config.metricsToken)) return true;
    const beforeSecondFactor =
      this.reflector.getAllAndOverride(ReachableBeforeSecondFactor, [
        context.getHandler(),
        context.getClass(),
      ]) ?? false;
    setActor(request, await this.access.actorFor(rule, request, { beforeSecondFactor }));
    return true;
  }
}

import {
  ForbiddenException,
  Inject,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { identityMessages } from '@ledgerstone/contracts';
import type { Request } from 'express';
import type { ApiConfig } from '../config/config.js';
import { API_CONFIG } from '../infrastructure/infrastructure.tokens.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Global: a state-changing request must carry `X-Requested-With: XMLHttpRequest` (a header no cross-site form
 * can set and no cross-site script may send without CORS, which the api never grants) and, when the browser
 * names an Origin, it must be the site's own.
 */
@Injectable()
export class CsrfGuard implements CanActivate {
  private readonly origin: string;

  constructor(@Inject(API_CONFIG) config: ApiConfig) {
    this.origin = new URL(config.publicUrl).origin;
  }

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (SAFE_METHODS.has(request.method)) return true;
    const origin = request.headers.origin;
    if (
      request.headers['x-requested-with'] !== 'XMLHttpRequest' ||
      (origin !== undefined && origin !== this.origin)
    ) {
      throw new ForbiddenException(identityMessages.crossSiteRefused);
    }
    return true;
  }
}

import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { actorOf } from '../../shared/auth/current-actor.decorator.js';
import { RateLimits } from '../../shared/rate-limits/rate-limits.js';

/**
 * Counts the member's deposit request after the access guard found the member and before the upload is read: a
 * request over the limit is answered 429 without its proof being parsed or stored. A retry with the
 * Idempotency-Key of a request counted already is not counted again.
 */
@Injectable()
export class DepositRateLimitGuard implements CanActivate {
  constructor(private readonly rateLimits: RateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const key = context.switchToHttp().getRequest<Request>().get('idempotency-key');
    await this.rateLimits.depositRequest(actorOf(context).userId, key);
    return true;
  }
}

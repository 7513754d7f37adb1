import {
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { ApiRoute } from './api-route.js';

/** A parameter's name as a refusal quotes it: a made-up name may be of any length. */
const QUOTED_NAME_LENGTH = 64;

function quoted(name: string): string {
  const characters = Array.from(name);
  return characters.length > QUOTED_NAME_LENGTH
    ? `${characters.slice(0, QUOTED_NAME_LENGTH).join('')}…`
    : name;
}

/**
 * A query parameter the route does not take is refused by name, never ignored: a filter misspelt or sent in
 * another form (`?id[]=`, `?Status=`) would otherwise answer with everything, as if no filter had been asked for.
 * A route takes what its descriptor's `query` names (the names the startup check holds its handler to).
 */
export class KnownQueryParameters implements NestInterceptor {
  /** The names each handler takes; `any` for a page for people (Swagger UI), which filters nothing. */
  private readonly taken = new WeakMap<object, ReadonlySet<string> | 'any'>();

  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const taken = this.takenBy(context.getHandler());
    const query = context.switchToHttp().getRequest<Request>().query as Record<string, unknown> | undefined;
    const unknown = taken === 'any' ? [] : Object.keys(query ?? {}).filter((name) => !taken.has(name));
    if (unknown.length > 0) {
      const names = unknown.map(quoted);
      throw new BadRequestException({
        message: `This request takes no query parameter ${names.map((name) => `"${name}"`).join(', ')}`,
        fieldErrors: Object.fromEntries(names.map((name) => [name, ['Unknown field']])),
      });
    }
    return next.handle();
  }

  private takenBy(handler: object): ReadonlySet<string> | 'any' {
    let taken = this.taken.get(handler);
    if (taken === undefined) {
      const descriptor = this.reflector.get(ApiRoute, handler as () => unknown);
      taken = descriptor?.response === 'html' ? 'any' : new Set(Object.keys(descriptor?.query?.shape ?? {}));
      this.taken.set(handler, taken);
    }
    return taken;
  }
}

import { parse as parseQueryString } from 'node:querystring';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { logPositionParameter } from '@ledgerstone/contracts';
import type { PositionSeal } from '@ledgerstone/process-kit';
import { map, type Observable } from 'rxjs';

/** A command's answer leaves with its log position sealed (see positionSeal). */
export class SealedPositions implements NestInterceptor {
  constructor(private readonly seal: PositionSeal) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((body: unknown) => {
        if (typeof body !== 'object' || body === null || !('position' in body)) return body;
        const position = logPositionParameter.safeParse(body.position);
        return position.success ? { ...body, position: this.seal.seal(position.data) } : body;
      }),
    );
  }
}

/**
 * `?after=` arrives as the sealed position an answer gave and reaches the handlers plain. Anything else, a plain
 * position made up by the caller included, reaches them empty, which they refuse as no position (400).
 */
export function openPositionsInQueries(app: NestExpressApplication, seal: PositionSeal): void {
  app.set('query parser', (text: string) => {
    const query = parseQueryString(text);
    if (typeof query.after === 'string') query.after = seal.open(query.after) ?? '';
    return query;
  });
}

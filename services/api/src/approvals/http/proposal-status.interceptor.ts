import {
  HttpStatus,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { isProposalResponse } from '@ledgerstone/contracts';
import type { Response } from 'express';
import { map, type Observable } from 'rxjs';

/** An action that became a proposal answers 202 Accepted: recorded, and nothing changed yet. */
@Injectable()
export class ProposalStatusInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((body: unknown) => {
        if (isProposalResponse(body))
          context.switchToHttp().getResponse<Response>().status(HttpStatus.ACCEPTED);
        return body;
      }),
    );
  }
}

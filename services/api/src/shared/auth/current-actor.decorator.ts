import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Actor } from './actor.js';

const ACTOR = Symbol('actor');

type RequestWithActor = Request & { [ACTOR]?: Actor };

export function setActor(request: Request, actor: Actor): void {
  (request as RequestWithActor)[ACTOR] = actor;
}

/** The signed-in user the access guard found, for the guards and interceptors that run after it. */
export function actorOf(context: ExecutionContext): Actor {
  const actor = (context.switchToHttp().getRequest<Request>() as RequestWithActor)[ACTOR];
  if (!actor) throw new Error('The signed-in user was asked for on a route without a session rule');
  return actor;
}

/** The signed-in user the access guard found; only on routes that need a session. */
export const CurrentActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor =>
  actorOf(context),
);

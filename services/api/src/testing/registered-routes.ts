import { DiscoveryService, ModulesContainer, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { openApiPath, registeredRoutes, type RegisteredRoute } from '../shared/http/registered-routes.js';

/** The prefix app.ts sets, stated again so that the tests check what the api reads from Nest. */
const GLOBAL_PREFIX = 'api';

/** Every route of the app's controllers, read from Nest's own metadata, with the access rule the guard will apply. */
export function nestRoutes(app: NestExpressApplication): RegisteredRoute[] {
  return registeredRoutes(new DiscoveryService(app.get(ModulesContainer)), app.get(Reflector), GLOBAL_PREFIX);
}

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route express itself will dispatch, as `METHOD path` with `{param}` placeholders. */
export function expressRoutes(app: NestExpressApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return express.router.stack.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${openApiPath(route.path)}`)
      : [],
  );
}

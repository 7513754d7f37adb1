import { RequestMethod, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Access, type AccessRule } from '../shared/auth/access.decorators.js';

export interface RegisteredRoute {
  /** Lower case, as in OpenAPI. */
  method: string;
  /** With the /api prefix and `{param}` placeholders, as in OpenAPI. */
  path: string;
  /** The rule the access guard reads for the route; undefined when it states none. */
  access: AccessRule | undefined;
  /** `Controller.method`, for messages. */
  handler: string;
}

const GLOBAL_PREFIX = 'api';

function joinPath(...parts: string[]): string {
  const path = parts
    .join('/')
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
  return `/${path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function paths(metadata: unknown): string[] {
  if (Array.isArray(metadata)) return metadata.map(String);
  return [typeof metadata === 'string' ? metadata : '/'];
}

/** Every route of the app's controllers, read from Nest's own metadata, with the access rule the guard will apply. */
export function nestRoutes(app: NestExpressApplication): RegisteredRoute[] {
  const reflector = app.get(Reflector);
  const scanner = new MetadataScanner();
  const routes: RegisteredRoute[] = [];
  for (const wrapper of new DiscoveryService(app.get(ModulesContainer)).getControllers()) {
    const controller = wrapper.metatype as Type | null;
    if (!controller) continue;
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name] as () => unknown;
      const method: unknown = Reflect.getMetadata(METHOD_METADATA, handler);
      if (method === undefined) continue;
      for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const own of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
          routes.push({
            method: RequestMethod[method as RequestMethod].toLowerCase(),
            path: joinPath(GLOBAL_PREFIX, base, own),
            access: reflector.getAllAndOverride(Access, [handler, controller]),
            handler: `${controller.name}.${name}`,
          });
        }
      }
    }
  }
  return routes;
}

interface ExpressLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route express itself will dispatch, as `METHOD path` with `{param}` placeholders. */
export function expressRoutes(app: NestExpressApplication): string[] {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: ExpressLayer[] } };
  return express.router.stack.flatMap(({ route }) =>
    route
      ? Object.keys(route.methods).map((method) => `${method.toUpperCase()} ${joinPath(route.path)}`)
      : [],
  );
}

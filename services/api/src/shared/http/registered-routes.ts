import { RequestMethod, type Type } from '@nestjs/common';
import {
  HTTP_CODE_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { MetadataScanner, type DiscoveryService, type Reflector } from '@nestjs/core';
import { Access, type AccessRule } from '../auth/access.decorators.js';
import { ApiRoute, type DescribedRoute, type HttpMethod, type RouteDescriptor } from './api-route.js';

/** A route as Nest registered it, with what its handler states about it. */
export interface RegisteredRoute {
  /** Lower case, as in OpenAPI. */
  method: HttpMethod;
  /** With the global prefix and `{param}` placeholders, as in OpenAPI. */
  path: string;
  /** The rule the access guard reads for the route; undefined when it states none. */
  access: AccessRule | undefined;
  /** `@HttpCode`'s, else Nest's default: 201 for POST, 200 for the rest. */
  status: number;
  descriptor: RouteDescriptor | undefined;
  /** `Controller.method`, for messages. */
  handler: string;
  /** The query parameters its handler reads by name, and whether it reads the whole query. */
  reads: { parameters: string[]; wholeQuery: boolean };
}

/** The segments joined by single slashes, and express's `:param` as OpenAPI's `{param}`. */
export function openApiPath(...parts: string[]): string {
  const path = parts
    .join('/')
    .split('/')
    .filter((segment) => segment !== '')
    .join('/');
  return `/${path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** What a handler's `@Query()` arguments read, from Nest's metadata of its arguments. */
function queryReads(controller: Type, name: string): RegisteredRoute['reads'] {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<
    string,
    { data?: unknown }
  >;
  const reads: RegisteredRoute['reads'] = { parameters: [], wholeQuery: false };
  for (const [key, { data }] of Object.entries(args)) {
    if (key.split(':')[0] !== String(RouteParamtypes.QUERY)) continue;
    if (typeof data === 'string') reads.parameters.push(data);
    else reads.wholeQuery = true;
  }
  return reads;
}

function paths(metadata: unknown): string[] {
  if (Array.isArray(metadata)) return metadata.map(String);
  return [typeof metadata === 'string' ? metadata : '/'];
}

/** Every route of the app's controllers, read from Nest's own metadata. */
export function registeredRoutes(
  discovery: DiscoveryService,
  reflector: Reflector,
  globalPrefix: string,
): RegisteredRoute[] {
  const scanner = new MetadataScanner();
  const routes: RegisteredRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as Type | null;
    if (!controller) continue;
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name] as () => unknown;
      const method: unknown = Reflect.getMetadata(METHOD_METADATA, handler);
      if (method === undefined) continue;
      const status: unknown = Reflect.getMetadata(HTTP_CODE_METADATA, handler);
      for (const base of paths(Reflect.getMetadata(PATH_METADATA, controller))) {
        for (const own of paths(Reflect.getMetadata(PATH_METADATA, handler))) {
          routes.push({
            method: RequestMethod[method as RequestMethod].toLowerCase() as HttpMethod,
            path: openApiPath(globalPrefix, base, own),
            access: reflector.getAllAndOverride(Access, [handler, controller]),
            status: typeof status === 'number' ? status : method === RequestMethod.POST ? 201 : 200,
            descriptor: reflector.get(ApiRoute, handler),
            handler: `${controller.name}.${name}`,
            reads: queryReads(controller, name),
          });
        }
      }
    }
  }
  return routes;
}

/** What is missing from a route's description, if anything. */
function missingDescription({ descriptor, access, reads }: RegisteredRoute): string | undefined {
  if (descriptor === undefined) return 'has no @ApiRoute descriptor';
  if (access === undefined) return 'states no access rule';
  // Only the parameters the descriptor names reach a handler (KnownQueryParameters refuses the rest).
  if (reads.wholeQuery && !descriptor.query) return 'reads the query but its descriptor names no parameter';
  const unnamed = reads.parameters.filter((name) => !descriptor.query || !(name in descriptor.query.shape));
  if (unnamed.length > 0)
    return `reads ?${unnamed.join('=, ?')}= but its descriptor's query does not name it`;
  return undefined;
}

/**
 * The routes with their descriptors; throws naming every route that lacks a descriptor or an access rule, or
 * reads a query parameter its descriptor does not name.
 */
export function describedRoutes(routes: readonly RegisteredRoute[]): DescribedRoute[] {
  const undescribed = routes.flatMap((route) => {
    const missing = missingDescription(route);
    return missing ? [`${route.method.toUpperCase()} ${route.path} (${route.handler}) ${missing}`] : [];
  });
  if (undescribed.length > 0) throw new Error(`Routes without a description:\n${undescribed.join('\n')}`);
  return routes.map(({ method, path, access, status, descriptor }) => ({
    ...descriptor!,
    method,
    path,
    access: access!,
    status,
  }));
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { ApplicationConfig, DiscoveryService, Reflector } from '@nestjs/core';
import type { DescribedRoute } from '../shared/http/api-route.js';
import { describedRoutes, registeredRoutes } from '../shared/http/registered-routes.js';
import { openApiDocument } from './openapi-document.js';

/**
 * Every route the api serves, each with its descriptor: those of the controllers Nest registered, and those
 * served by express handlers mounted beside Nest, told here where they are mounted. Gathered once the app is
 * initialised; a route without a descriptor stops the app from starting.
 */
@Injectable()
export class ApiRoutes implements OnApplicationBootstrap {
  private readonly mountedRoutes: DescribedRoute[] = [];
  private gathered?: { registered: readonly DescribedRoute[]; document: Record<string, unknown> };

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly applicationConfig: ApplicationConfig,
  ) {}

  /** A route an express handler serves beside Nest, which no Nest metadata states: to call where it is mounted. */
  mounted(route: DescribedRoute): void {
    if (this.gathered)
      throw new Error(`${route.method.toUpperCase()} ${route.path} was mounted after startup`);
    this.mountedRoutes.push(route);
  }

  onApplicationBootstrap(): void {
    const registered = describedRoutes(
      registeredRoutes(this.discovery, this.reflector, this.applicationConfig.getGlobalPrefix()),
    );
    this.gathered = { registered, document: openApiDocument([...registered, ...this.mountedRoutes]) };
  }

  /** The routes of Nest's controllers. */
  registered(): readonly DescribedRoute[] {
    return this.current().registered;
  }

  /** Every route: Nest's and those mounted beside it. */
  all(): readonly DescribedRoute[] {
    return [...this.current().registered, ...this.mountedRoutes];
  }

  /** The OpenAPI document of every route. */
  document(): Record<string, unknown> {
    return this.current().document;
  }

  private current(): NonNullable<ApiRoutes['gathered']> {
    if (!this.gathered) throw new Error('The api routes are gathered when the app starts');
    return this.gathered;
  }
}

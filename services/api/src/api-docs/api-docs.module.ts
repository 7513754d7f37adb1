import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ApiDocsController } from './api-docs.controller.js';
import { ApiRoutes } from './api-routes.js';

@Module({ imports: [DiscoveryModule], controllers: [ApiDocsController], providers: [ApiRoutes] })
export class ApiDocsModule {}

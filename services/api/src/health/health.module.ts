import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

const controllers = [HealthController];
const providers = [HealthService];

@Module({ controllers, providers })
export class HealthModule {}

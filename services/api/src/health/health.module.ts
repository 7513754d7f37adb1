import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';

const controllers = [HealthController];
const providers = [HealthService];

// Identity tells whether the caller is staff, who see each check.
@Module({ imports: [IdentityModule], controllers, providers })
export class HealthModule {}

import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { adminProfile, type AdminProfile } from '@ledgerstone/contracts';
import { StaffRead } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { GetAdminProfile } from '../application/get-admin-profile.query.js';
import type { Actor } from '../../shared/auth/actor.js';

@StaffRead()
@Controller('admin')
export class AdminProfileController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  async profile(@CurrentActor() actor: Actor): Promise<AdminProfile> {
    return adminProfile.parse(await this.queries.execute(new GetAdminProfile(actor.userId)));
  }
}
